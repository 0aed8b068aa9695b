/** True when `error` is a unique-constraint violation, optionally on a column or index named `hint`. */
export function isUniqueViolation(error: unknown, hint?: string): boolean {
  const err = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const unique =
    err?.code === '23505' ||
    err?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || !hint) return unique;
  const text = `${err.message ?? ''} ${err.constraint ?? ''} ${err.detail ?? ''}`;
  return text.includes(hint);
}

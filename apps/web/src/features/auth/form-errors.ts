import { type FieldErrors, firstFieldError } from '../../lib/api';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The result of a shared zod schema's `safeParse`, typed structurally (web has no zod import). */
export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly Issue[] } };

export type Errors<F extends string> = Partial<Record<F, string>>;

/** The first message per form field, in the order the schema reports them. */
export function issuesByField<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): Errors<F> {
  const errors: Errors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      errors[field as F] ??= issue.message;
    }
  }
  return errors;
}

/** Server field errors (`error.details`) for the form's own fields; other keys are ignored. */
export function serverFieldErrors<F extends string>(
  details: FieldErrors | undefined,
  fields: readonly F[],
  /** Where a server field appears in the form when the names differ (e.g. new_password). */
  rename: Partial<Record<string, F>> = {},
): Errors<F> {
  const errors: Errors<F> = {};
  for (const key of Object.keys(details ?? {})) {
    const field = rename[key] ?? key;
    const message = firstFieldError(details, key);
    if (message && (fields as readonly string[]).includes(field)) errors[field as F] ??= message;
  }
  return errors;
}

export function firstErrorField<F extends string>(
  errors: Errors<F>,
  fields: readonly F[],
): F | undefined {
  return fields.find((field) => errors[field]);
}

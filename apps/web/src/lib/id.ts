let counter = 0;

/** A unique id for client-only things (toasts, modals); not for anything sent to the server. */
export function createId(prefix = 'id'): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `${prefix}-${counter}-${random}`;
}

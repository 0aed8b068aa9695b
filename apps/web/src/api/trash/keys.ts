/** Query keys of the signed-in author's "Recently deleted" (docs/decisions/027-recently-deleted.md). */
export const trashKeys = {
  all: ['me', 'recently-deleted'] as const,
  list: (limit: number) => ['me', 'recently-deleted', { limit }] as const,
};

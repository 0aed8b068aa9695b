/** Query keys of the feed. Following someone invalidates `all`: their stories join the feed. */
export const feedKeys = {
  all: ['feed'] as const,
  following: (limit: number) => ['feed', 'following', { limit }] as const,
};

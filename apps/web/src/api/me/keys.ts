/**
 * Query keys of the signed-in user's own data. A follow, a like or a read changes the stats:
 * those invalidate `all`.
 */
export const meKeys = {
  all: ['me'] as const,
  stats: ['me', 'stats'] as const,
  settings: ['me', 'settings'] as const,
  /** Where the user is signed in (Settings → Security). */
  sessions: ['me', 'sessions'] as const,
  stories: (limit: number) => ['me', 'stories', { limit }] as const,
  /** Whom the user blocked or muted (Settings → Privacy). */
  hidden: (kind: 'blocks' | 'mutes') => ['me', kind] as const,
};

/** A story's Stats view (docs/decisions/030-story-stats.md). Zod-free, so the web can import it. */
export const STATS = {
  /** The windows the view offers, in UTC days ending today. */
  windows: [7, 30, 365] as const,
  defaultWindow: 30,
} as const;
export type StatsWindow = (typeof STATS.windows)[number];

export const STATS_MESSAGES = {
  daysInvalid: 'Days must be 7, 30 or 365',
} as const;

/** Timestamps travel and are stored as ISO-8601 UTC strings on both databases. */
export const nowIso = (): string => new Date().toISOString();

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

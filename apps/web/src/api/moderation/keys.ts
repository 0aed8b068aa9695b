import type { ReportStatus } from '@storyloom/shared';

/** Query keys of the staff's pages; a resolve invalidates `all`. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus, page: number) => ['moderation', 'reports', status, page] as const,
  audit: (page: number) => ['moderation', 'audit', page] as const,
  contact: (page: number) => ['moderation', 'contact', page] as const,
  staff: ['moderation', 'staff'] as const,
};

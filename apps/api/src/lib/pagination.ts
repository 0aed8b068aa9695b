import type { Paged, PageQuery } from '@storyloom/shared';

export const offsetOf = ({ page, limit }: PageQuery): number => (page - 1) * limit;

export function pageOf<T>(items: T[], total: number, query: PageQuery): Paged<T> {
  return { items, total, page: query.page, limit: query.limit };
}

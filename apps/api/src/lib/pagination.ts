import type { EstimatedPage, Paged, PageQuery } from '@storyloom/shared';

export const offsetOf = ({ page, limit }: PageQuery): number => (page - 1) * limit;

export function pageOf<T>(items: T[], total: number, query: PageQuery): Paged<T> {
  return { items, total, page: query.page, limit: query.limit };
}

/** `n` to two significant figures: an estimate says no more than it knows. */
export const roughly = (n: number) => {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
};

/** A page whose total may be an estimate, flagged `total_estimated` when it is. */
export function estimatedPageOf<T>(
  items: T[],
  { total, estimated }: { total: number; estimated: boolean },
  query: PageQuery,
): EstimatedPage<T> {
  const page = pageOf(items, total, query);
  return estimated ? { ...page, total_estimated: true } : page;
}

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

/**
 * A walk that checks ranked candidates for what the viewer may see (decisions 040, 042) checks
 * this many at first, or twice the window when that is more; each further step twice as many.
 */
export const WALK_FIRST_STEP = 32;

/**
 * The first step of such a walk for a window ending at `wanted`, when about `share` of the
 * candidates are expected to pass: enough for the window twice over.
 */
export const firstWalkStep = (wanted: number, share = 1): number =>
  Math.max(WALK_FIRST_STEP, Math.ceil((2 * wanted) / share));

/** A page whose total may be an estimate, flagged `total_estimated` when it is. */
export function estimatedPageOf<T>(
  items: T[],
  { total, estimated }: { total: number; estimated: boolean },
  query: PageQuery,
): EstimatedPage<T> {
  const page = pageOf(items, total, query);
  return estimated ? { ...page, total_estimated: true } : page;
}

/**
 * A page of a list whose total may be estimated (decisions 038, 042), from the `found` ids its
 * items were built from. A page that is neither full nor empty ends the list, so its total is
 * known exactly; a full page never shows a total below what it reached; an empty page past the
 * end shows no total above its offset, where the list must have ended.
 */
export function reachedPageOf<T>(
  items: T[],
  found: number,
  counted: { total: number; estimated: boolean },
  query: PageQuery,
): EstimatedPage<T> {
  const offset = offsetOf(query);
  if (found === 0) {
    const total = Math.max(0, Math.min(counted.total, offset));
    return estimatedPageOf(items, { total, estimated: counted.estimated && total > 0 }, query);
  }
  if (found < query.limit) return pageOf(items, offset + found, query);
  return estimatedPageOf(
    items,
    { ...counted, total: Math.max(offset + found, counted.total) },
    query,
  );
}

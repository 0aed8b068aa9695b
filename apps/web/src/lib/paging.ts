import type { Paged } from '@storyloom/shared';

/** The page after `last`, or undefined when `last` reached the end (`{items,total,page,limit}`). */
export function nextPageParam<T>(last: Paged<T>): number | undefined {
  return last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/** Every loaded item of an infinite list, in order, each once (an item may shift between pages). */
export function pagedItems<T extends { id: string }>(data: { pages: Paged<T>[] } | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The total the server reported on its latest page. */
export const pagedTotal = (data: { pages: Paged<unknown>[] } | undefined): number =>
  data?.pages.at(-1)?.total ?? 0;
/**
 * The page buttons to show: at most `max` consecutive pages around the current one, shifted so
 * the window never runs past the first or last page.
 */
export function pageWindow(current: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

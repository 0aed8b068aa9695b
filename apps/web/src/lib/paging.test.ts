import { describe, expect, it } from 'vitest';
import { nextPageParam, pagedItems, pagedTotal, pageWindow } from './paging';

const page = (n: number, ids: string[], total: number, limit = 2) => ({
  items: ids.map((id) => ({ id })),
  page: n,
  limit,
  total,
});

describe('paging', () => {
  it('asks for the next page until the total is reached', () => {
    expect(nextPageParam(page(1, ['a', 'b'], 5))).toBe(2);
    expect(nextPageParam(page(2, ['c', 'd'], 5))).toBe(3);
    expect(nextPageParam(page(3, ['e'], 5))).toBeUndefined();
    expect(nextPageParam(page(1, [], 0))).toBeUndefined();
    // A list that shrank under us: an empty page ends it.
    expect(nextPageParam(page(2, [], 9))).toBeUndefined();
  });

  it('flattens pages without repeating an item that moved between them', () => {
    const data = { pages: [page(1, ['a', 'b'], 4), page(2, ['b', 'c'], 4)] };
    expect(pagedItems(data).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(pagedItems(undefined)).toEqual([]);
    expect(pagedTotal(data)).toBe(4);
    expect(pagedTotal(undefined)).toBe(0);
  });
});

describe('pageWindow', () => {
  it('shows at most five pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

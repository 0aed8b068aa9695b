import { describe, expect, it } from 'vitest';
import { reachedPageOf, roughly } from './pagination.js';

const query = (page: number) => ({ page, limit: 10 });
const items = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('reachedPageOf', () => {
  it('takes a short page as the end of the list: its total is exact', () => {
    expect(reachedPageOf(items(4), 4, { total: 90, estimated: true }, query(3))).toEqual({
      items: items(4),
      total: 24,
      page: 3,
      limit: 10,
    });
  });

  it('never shows a full page a total below what it reached', () => {
    expect(reachedPageOf(items(10), 10, { total: 15, estimated: true }, query(3))).toEqual({
      items: items(10),
      total: 30,
      page: 3,
      limit: 10,
      total_estimated: true,
    });
    expect(reachedPageOf(items(10), 10, { total: 15, estimated: false }, query(1)).total).toBe(15);
  });

  it('keeps an exact total for an empty page past the end, and caps an estimate at its offset', () => {
    // Page 3 of 15 counted stories: empty, and still "15 stories found".
    expect(reachedPageOf([], 0, { total: 15, estimated: false }, query(3))).toEqual({
      items: [],
      total: 15,
      page: 3,
      limit: 10,
    });
    // An estimate of 90 that page 3 finds empty: the list ended by its offset, 20.
    expect(reachedPageOf([], 0, { total: 90, estimated: true }, query(3))).toEqual({
      items: [],
      total: 20,
      page: 3,
      limit: 10,
      total_estimated: true,
    });
    expect(reachedPageOf([], 0, { total: 90, estimated: true }, query(1))).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 10,
    });
  });

  it('never answers a negative total (an estimate less the muted stories counted exactly)', () => {
    expect(reachedPageOf([], 0, { total: -3, estimated: true }, query(1))).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 10,
    });
    expect(reachedPageOf([], 0, { total: -3, estimated: true }, query(2)).total).toBe(0);
  });

  it('counts the found ids, not the items built from them', () => {
    // A story that vanished between its id and its row leaves a page short of items, not of ids.
    expect(reachedPageOf(items(9), 10, { total: 50, estimated: true }, query(1)).total).toBe(50);
  });
});

describe('roughly', () => {
  it('keeps two significant figures above 100', () => {
    expect([7, 99, 123, 72_921, 1_449].map(roughly)).toEqual([7, 99, 120, 73_000, 1_400]);
  });
});

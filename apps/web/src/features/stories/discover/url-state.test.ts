import { describe, expect, it } from 'vitest';
import { nextDiscoverState, pageWindow, readDiscoverState, writeDiscoverState } from './url-state';

const read = (search: string) => readDiscoverState(new URLSearchParams(search));

describe('Discover URL state', () => {
  it('reads every parameter and normalises the genre and sort', () => {
    expect(read('q=%20dragons%20&genre=sci-fi&sort=Popular&page=3&view=list')).toEqual({
      q: 'dragons',
      genre: 'Sci-Fi',
      sort: 'popular',
      page: 3,
      view: 'list',
    });
  });

  it('falls back to the defaults for unknown values', () => {
    expect(read('genre=Cooking&sort=oldest&page=-2&view=table')).toEqual({
      q: '',
      genre: undefined,
      sort: undefined,
      page: 1,
      view: 'grid',
    });
  });

  it('writes only what differs from the defaults and round-trips', () => {
    const state = read('q=sea&genre=Poetry&page=2');
    expect(writeDiscoverState(state).toString()).toBe('q=sea&genre=Poetry&page=2');
    expect(writeDiscoverState(read('')).toString()).toBe('');
  });

  it('resets the page when a filter changes, not when the view does', () => {
    const state = read('genre=Fantasy&page=4');
    expect(nextDiscoverState(state, { sort: 'trending' }).page).toBe(1);
    expect(nextDiscoverState(state, { genre: undefined }).page).toBe(1);
    expect(nextDiscoverState(state, { view: 'list' }).page).toBe(4);
    expect(nextDiscoverState(state, { genre: 'Fantasy' }).page).toBe(4);
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

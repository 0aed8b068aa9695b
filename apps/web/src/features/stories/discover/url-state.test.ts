import { describe, expect, it } from 'vitest';
import { nextDiscoverState, readDiscoverState, writeDiscoverState } from './url-state';

const read = (search: string) => readDiscoverState(new URLSearchParams(search));

describe('Discover URL state', () => {
  it('reads every parameter and normalises the genre and sort', () => {
    expect(read('q=%20dragons%20&genre=sci-fi&sort=Popular&page=3&view=list')).toEqual({
      q: 'dragons',
      mode: 'stories',
      genre: 'Sci-Fi',
      sort: 'popular',
      page: 3,
      view: 'list',
    });
  });

  it('falls back to the defaults for unknown values', () => {
    expect(read('genre=Cooking&sort=oldest&page=-2&view=table')).toEqual({
      q: '',
      mode: 'stories',
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
    const text = read('q=%22the%20tide%22&in=text');
    expect(text.mode).toBe('text');
    expect(writeDiscoverState(text).toString()).toBe('q=%22the+tide%22&in=text');
  });

  it('resets the page when a filter changes, not when the view does', () => {
    const state = read('genre=Fantasy&page=4');
    expect(nextDiscoverState(state, { sort: 'trending' }).page).toBe(1);
    expect(nextDiscoverState(state, { genre: undefined }).page).toBe(1);
    expect(nextDiscoverState(state, { view: 'list' }).page).toBe(4);
    expect(nextDiscoverState(state, { genre: 'Fantasy' }).page).toBe(4);
    expect(nextDiscoverState(state, { mode: 'text' }).page).toBe(1);
  });
});

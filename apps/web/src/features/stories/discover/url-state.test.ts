import { describe, expect, it } from 'vitest';
import { NO_FILTERS, nextDiscoverState, readDiscoverState, writeDiscoverState } from './url-state';

const read = (search: string) => readDiscoverState(new URLSearchParams(search));

describe('Discover URL state', () => {
  it('reads every parameter and normalises the genre and sort', () => {
    expect(read('q=%20dragons%20&genre=sci-fi&sort=Popular&page=3&view=list')).toEqual({
      q: 'dragons',
      mode: 'stories',
      genre: 'Sci-Fi',
      sort: 'popular',
      filters: NO_FILTERS,
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
      filters: NO_FILTERS,
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

  it('reads the filters, puts right what the API would refuse, and round-trips them', () => {
    const state = read(
      'tags=Desert,%20revenge&exclude_tags=romance,desert&rating=Teen,spicy,general&status=Completed&language=spanish&words_min=9000&words_max=100',
    );
    expect(state.filters).toEqual({
      tags: ['desert', 'revenge'],
      exclude: ['romance'],
      ratings: ['general', 'teen'],
      status: 'completed',
      language: 'Spanish',
      wordsMin: 100,
      wordsMax: 9000,
    });
    expect(writeDiscoverState(state).toString()).toBe(
      'tags=desert%2Crevenge&exclude_tags=romance&rating=general%2Cteen&status=completed&language=Spanish&words_min=100&words_max=9000',
    );
    expect(read(writeDiscoverState(state).toString())).toEqual(state);
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    expect(read(`tags=${eleven}&words_min=-5&status=abandoned`).filters).toEqual({
      ...NO_FILTERS,
      tags: eleven.split(',').slice(0, 10),
    });
  });

  it('starts again at page 1 when a filter changes', () => {
    const state = read('tags=desert&page=3');
    expect(
      nextDiscoverState(state, { filters: { ...state.filters, status: 'ongoing' } }).page,
    ).toBe(1);
    expect(nextDiscoverState(state, { filters: { ...state.filters } }).page).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { HOME, HOME_LISTS, homeSections } from './sections';

const stories = (...ids: number[]) => ids.map((id) => ({ id: `s${id}` }));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
const ids = (list: { id: string }[]) => list.map((story) => story.id);

describe('home sections', () => {
  it('splits the popular list between Featured and Most Popular', () => {
    const sections = homeSections({ popular: stories(...range(1, 10)), trending: [], latest: [] });
    expect(ids(sections.featured)).toEqual(ids(stories(1, 2, 3, 4, 5, 6)));
    expect(ids(sections.mostPopular)).toEqual(ids(stories(7, 8, 9, 10)));
  });

  it('never shows a story twice: later sections skip what is already on the page', () => {
    const sections = homeSections({
      popular: stories(...range(1, 10)),
      trending: stories(3, 11, 7, 12, 13, 14, 15, 16, 17, 18, 19),
      latest: stories(11, 20, 12, 21, 22, 23, 24, 25, 26, 27),
    });
    expect(ids(sections.trending)).toEqual(ids(stories(11, 12, 13, 14, 15, 16, 17, 18)));
    expect(ids(sections.latest)).toEqual(ids(stories(20, 21, 22, 23, 24, 25, 26, 27)));
    const all = Object.values(sections).flatMap(ids);
    expect(new Set(all).size).toBe(all.length);
  });

  it('shows fewer when a small library has nothing else to show', () => {
    const few = stories(1, 2, 3);
    const sections = homeSections({ popular: few, trending: few, latest: few });
    expect(sections.featured).toHaveLength(3);
    expect(sections.mostPopular).toEqual([]);
    expect(sections.trending).toEqual([]);
    expect(sections.latest).toEqual([]);
  });

  it('asks for enough to fill every section when the lists overlap as much as they can', () => {
    expect(HOME_LISTS.popular.limit).toBe(HOME.featured + HOME.mostPopular);
    const above = HOME.featured + HOME.mostPopular;
    expect(HOME_LISTS.trending.limit).toBeGreaterThanOrEqual(above + HOME.trending);
  });
});

import type { StoryListParams } from '../../../api/stories/keys';

/**
 * What the home page shows. One popular list feeds Featured (its first 6) and Most Popular (the
 * next 4), so the two never lead with the same stories; Trending and Fresh Off the Press ask for
 * more than they show, so that they can skip stories already on the page and still fill up.
 */
export const HOME = { featured: 6, mostPopular: 4, trending: 8, latest: 8 } as const;

export const HOME_LISTS = {
  popular: { sort: 'popular', limit: HOME.featured + HOME.mostPopular },
  trending: { sort: 'trending', limit: 20 },
  latest: { sort: 'latest', limit: 20 },
} as const satisfies Record<string, StoryListParams>;

type WithId = { id: string };

/** The home page's four sections from its three lists: no story appears twice on the page. */
export function homeSections<T extends WithId>(lists: {
  popular: T[];
  trending: T[];
  latest: T[];
}) {
  const featured = lists.popular.slice(0, HOME.featured);
  const mostPopular = lists.popular.slice(HOME.featured, HOME.featured + HOME.mostPopular);
  const shown = new Set([...featured, ...mostPopular].map((story) => story.id));
  const fresh = (list: T[], count: number) => {
    const picked = list.filter((story) => !shown.has(story.id)).slice(0, count);
    for (const story of picked) shown.add(story.id);
    return picked;
  };
  const trending = fresh(lists.trending, HOME.trending);
  const latest = fresh(lists.latest, HOME.latest);
  return { featured, mostPopular, trending, latest };
}

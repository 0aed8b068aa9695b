import type { Sql } from './library.js';
import type { Random } from './random.js';
import type { BenchRequest } from './types.js';

/** At most this many lists, owners and signed-in owners are sampled. */
export const LISTS_SAMPLE = 500;
/** The list page's page size (apps/web api/lists/keys.ts LIST_PAGE_SIZE). */
export const LIST_PAGE_SIZE = 12;

/** Reading lists (issue 23, docs/decisions/033-reading-lists.md) the bench asks about. */
export interface ListSample {
  /** Public lists holding a story a visitor may see, shuffled. */
  ids: string[];
  /** Owners of public lists whose profile is public (their profile's lists), shuffled. */
  owners: string[];
  /** Owners signed in, each with a story of theirs to ask the Add to list menu about. */
  menus: { token: string; storyId: string }[];
  /** Entries per sampled list, for the description. */
  sizes: number[];
}

/** Public lists and their owners from the seeded library (seed/reading-lists.ts). */
export async function sampleReadingLists(
  sql: Sql,
  random: Random,
  mint: ((userId: string, tokenVersion: number) => string) | null,
): Promise<ListSample> {
  const lists = await sql.all<{
    id: string;
    owner: string;
    ver: number;
    story: string;
    n: number | string;
  }>(
    `SELECT l.id AS id, l.owner_id AS owner, u.token_version AS ver,
            MIN(CAST(e.story_id AS text)) AS story, COUNT(*) AS n
       FROM reading_lists l
       JOIN users u ON u.id = l.owner_id
       JOIN reading_list_stories e ON e.list_id = l.id
       JOIN stories s ON s.id = e.story_id
      WHERE l.visibility = 'public' AND s.visibility = 'public' AND s.rating IN ('general', 'teen')
      GROUP BY l.id, l.owner_id, u.token_version
      ORDER BY l.id LIMIT ?`,
    [LISTS_SAMPLE],
  );
  // A profile's lists follow its privacy (decision 010): only owners whose profile is public.
  const open = new Set(
    (
      await sql.all<{ id: string }>(
        `SELECT DISTINCT l.owner_id AS id FROM reading_lists l JOIN users u ON u.id = l.owner_id
          WHERE l.visibility = 'public' AND u.profile_public = 1`,
      )
    ).map((row) => row.id),
  );
  const owners = [...new Set(lists.map((row) => row.owner))].filter((id) => open.has(id));
  const menus = mint
    ? [...new Set(lists.map((row) => row.owner))].map((owner) => {
        const row = lists.find((l) => l.owner === owner)!;
        return { token: mint(owner, Number(row.ver)), storyId: row.story };
      })
    : [];
  return {
    ids: random.shuffle(lists.map((row) => row.id)),
    owners: random.shuffle(owners),
    menus: random.shuffle(menus),
    sizes: lists.map((row) => Number(row.n)),
  };
}

/** A visitor opening a list's page: the list, then the first page of its stories. */
export const listPageRequests = (sample: ListSample): BenchRequest[] =>
  sample.ids.flatMap((id) => [
    { method: 'GET', path: `/api/lists/${id}` },
    { method: 'GET', path: `/api/lists/${id}/stories?page=1&limit=${LIST_PAGE_SIZE}` },
  ]);

/** A visitor on a profile: its public lists. */
export const userListsRequests = (sample: ListSample): BenchRequest[] =>
  sample.owners.map((owner) => ({ method: 'GET', path: `/api/users/${owner}/lists` }));

/** A reader opening the "Add to list" menu on a story: their lists, each saying if it holds it. */
export const menuRequests = (sample: ListSample): BenchRequest[] =>
  sample.menus.map((m) => ({
    method: 'GET',
    path: `/api/users/me/lists?story_id=${m.storyId}`,
    headers: { authorization: `Bearer ${m.token}` },
  }));

/** `480 public lists of 3–40 stories a visitor may see` */
export function describeLists(sample: ListSample): string {
  const range =
    sample.sizes.length > 0
      ? ` of ${Math.min(...sample.sizes)}–${Math.max(...sample.sizes)} stories a visitor may see`
      : '';
  return `${sample.ids.length} public lists${range}`;
}

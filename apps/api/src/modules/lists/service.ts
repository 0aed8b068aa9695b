import {
  type CreateListBody,
  LIMITS,
  LIST_MESSAGES,
  type ListFollowResult,
  type ListMembership,
  type MoveListStoryBody,
  type Paged,
  type PageQuery,
  type ReadingList,
  type Story,
  type UpdateListBody,
} from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, ReadingListRow, UserRow } from '../../db/types.js';
import { conflict, forbidden, invalidField, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { coverThumbOf } from '../media/covers.js';
import { isSuspended } from '../moderation/policy.js';
import { hidingOf, lockPair } from '../safety/repo.js';
import { assertMayFollow } from '../safety/service.js';
import { assertCanRead, storyNotFound } from '../stories/policy.js';
import { listedRatings } from '../stories/ratings.js';
import { authorsOf, findStoryById } from '../stories/repo.js';
import { authorSummaries, storyViews } from '../stories/views.js';
import { assertSeesProfile } from '../users/privacy.js';
import { findUserById } from '../users/repo.js';
import {
  appendEntry,
  countListsOf,
  deleteEntry,
  deleteFollow,
  deleteList,
  entriesOf,
  entryCount,
  findListById,
  followedAmong,
  followedListsPage,
  followersCountOf,
  hasEntry,
  insertFollow,
  insertList,
  listFigures,
  listsHolding,
  listsOfOwner,
  lockList,
  rewriteEntries,
  type StoryScope,
  setListPositions,
  storiesPage,
  updateList,
} from './repo.js';

type Viewer = { id: string } | null;
const COVERS_PER_CARD = 3;

export const listNotFound = () => notFound(LIST_MESSAGES.notFound);

/**
 * Who sees a list (docs/decisions/033-reading-lists.md): its owner always; anyone else only a
 * public list of an account that is not suspended. Everyone else gets the same 404 as a list
 * that does not exist, so a private list's name never leaks.
 */
export const canSeeList = (viewer: Viewer, list: ReadingListRow): boolean =>
  list.visibility === 'public' || viewer?.id === list.owner_id;

export function assertOwnsList(
  viewer: Viewer,
  list: ReadingListRow | undefined,
): asserts list is ReadingListRow {
  if (!list || !canSeeList(viewer, list)) throw listNotFound();
  if (viewer?.id !== list.owner_id) throw forbidden(LIST_MESSAGES.notYours);
}

export function createListService({ db }: { db: Db }) {
  const k = db.kysely;

  /** What the viewer's view of a list's stories is scoped to. */
  const scopeOf = async (viewer: Viewer): Promise<StoryScope> => {
    const [ratings, hiding] = await Promise.all([
      viewer ? listedRatings(k, viewer) : listedRatings(k, null),
      hidingOf(k, viewer?.id ?? null),
    ]);
    return { viewerId: viewer?.id ?? null, ratings, hiding };
  };

  /** The payload of `rows` as `viewer` sees them, in a fixed number of queries. */
  async function present(
    rows: ReadingListRow[],
    viewer: Viewer,
    opts: { storyId?: string } = {},
  ): Promise<ReadingList[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const scope = await scopeOf(viewer);
    const [figures, owners, followed, holding] = await Promise.all([
      listFigures(k, ids, scope, COVERS_PER_CARD),
      authorsOf(k, [...new Set(rows.map((row) => row.owner_id))]).then((found) =>
        authorSummaries(k, viewer, found),
      ),
      viewer ? followedAmong(k, viewer.id, ids) : null,
      opts.storyId ? listsHolding(k, ids, opts.storyId) : null,
    ]);
    return rows.map((row) => {
      const f = figures.get(row.id)!;
      const own = viewer?.id === row.owner_id;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        visibility: row.visibility,
        owner: owners.get(row.owner_id)!,
        stories_count: f.shown,
        ...(own ? { hidden_count: f.all - f.shown } : {}),
        followers_count: Math.max(0, row.followers_count),
        ...(viewer && !own ? { is_following: followed!.has(row.id) } : {}),
        preview: f.first.map((story) => ({
          id: story.id,
          title: story.title,
          genre: story.genre,
          cover_thumb: coverThumbOf(story.cover_image),
        })),
        ...(holding ? { has_story: holding.has(row.id) } : {}),
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      };
    });
  }

  /** Runs `work` on the owner's locked list; updated_at moves with it. */
  const inList = <T>(
    list: ReadingListRow,
    work: (trx: Kysely<Database>, locked: ReadingListRow, now: string) => Promise<T>,
  ) =>
    k.transaction().execute(async (trx) => {
      const locked = await lockList(trx, db.dialect, list.id);
      if (!locked) throw listNotFound();
      const now = nowIso();
      const result = await work(trx, locked, now);
      await updateList(trx, locked.id, { updated_at: now });
      return result;
    });

  /** The list by id if `viewer` may see it (and its owner is not suspended), else 404. */
  async function visible(id: string, viewer: Viewer): Promise<ReadingListRow> {
    const list = isUuid(id) ? await findListById(k, id.toLowerCase()) : undefined;
    if (!list || !canSeeList(viewer, list)) throw listNotFound();
    if (viewer?.id !== list.owner_id) {
      const owner = await findUserById(k, list.owner_id);
      if (!owner || isSuspended(owner)) throw listNotFound();
    }
    return list;
  }

  return {
    visible,

    /** The list the caller owns (404 if they may not see it, 403 if only see it). */
    async owned(id: string, viewer: Viewer): Promise<ReadingListRow> {
      const list = isUuid(id) ? await findListById(k, id.toLowerCase()) : undefined;
      assertOwnsList(viewer, list);
      return list;
    },

    view: async (list: ReadingListRow, viewer: Viewer): Promise<ReadingList> =>
      (await present([list], viewer))[0]!,

    /** A page of the list's stories the caller may see, in the list's order. */
    async stories(list: ReadingListRow, viewer: Viewer, page: PageQuery): Promise<Paged<Story>> {
      const { rows, total } = await storiesPage(
        k,
        list.id,
        await scopeOf(viewer),
        offsetOf(page),
        page.limit,
      );
      return pageOf(await storyViews(k, rows, viewer), total, page);
    },

    /** The caller's own lists in their order, private ones too; with `storyId`, which hold it. */
    async mine(viewer: UserRow, storyId?: string): Promise<ReadingList[]> {
      const rows = await listsOfOwner(k, viewer.id, true);
      return present(rows, viewer, storyId && isUuid(storyId) ? { storyId } : {});
    },

    /** A user's lists as `viewer` sees them: public ones, as their profile privacy allows. */
    async ofUser(owner: UserRow, viewer: Viewer): Promise<ReadingList[]> {
      const own = viewer?.id === owner.id;
      if (!own) await assertSeesProfile(k, viewer, owner.id);
      return present(await listsOfOwner(k, owner.id, own), viewer);
    },

    /** The public lists the caller follows, most recently followed first. */
    async followed(viewer: UserRow, page: PageQuery): Promise<Paged<ReadingList>> {
      const { rows, total } = await followedListsPage(k, viewer.id, offsetOf(page), page.limit);
      return pageOf(await present(rows, viewer), total, page);
    },

    async create(viewer: UserRow, input: CreateListBody): Promise<ReadingListRow> {
      const id = newId();
      await k.transaction().execute(async (trx) => {
        // Under the owner's row lock, so two creates cannot both pass the limit.
        await lockPair(trx, db.dialect, viewer.id, viewer.id);
        const count = await countListsOf(trx, viewer.id);
        if (count >= LIMITS.listsPerUser) throw conflict('name', LIST_MESSAGES.tooManyLists);
        const now = nowIso();
        const last = await listsOfOwner(trx, viewer.id, true);
        await insertList(trx, {
          id,
          owner_id: viewer.id,
          name: input.name,
          description: input.description,
          visibility: input.visibility,
          position: Math.max(0, ...last.map((row) => row.position)) + 1,
          followers_count: 0,
          created_at: now,
          updated_at: now,
        });
      });
      return (await findListById(k, id))!;
    },

    async update(list: ReadingListRow, input: UpdateListBody): Promise<ReadingListRow> {
      await inList(list, async (trx) => {
        const changes: UpdateListBody = {};
        if (input.name !== undefined) changes.name = input.name;
        if (input.description !== undefined) changes.description = input.description;
        if (input.visibility !== undefined) changes.visibility = input.visibility;
        if (Object.keys(changes).length > 0) await updateList(trx, list.id, changes);
      });
      return (await findListById(k, list.id))!;
    },

    /** The list goes with its entries and follows; the stories stay. */
    remove: (list: ReadingListRow) => deleteList(k, list.id),

    /** Adds a story the owner may read, at the end; idempotent. */
    async addStory(
      list: ReadingListRow,
      viewer: UserRow,
      storyId: string,
    ): Promise<ListMembership> {
      const story = isUuid(storyId) ? await findStoryById(k, storyId.toLowerCase()) : undefined;
      if (story?.deleted_at && story.author_id === viewer.id) throw storyNotFound();
      assertCanRead(viewer, story);
      await inList(list, async (trx, locked, now) => {
        if (await hasEntry(trx, locked.id, story.id)) return;
        if ((await entryCount(trx, locked.id)) >= LIMITS.storiesPerList)
          throw conflict('story_id', LIST_MESSAGES.tooManyStories);
        await appendEntry(trx, locked.id, story.id, now);
      });
      return { list_id: list.id, story_id: story.id, in_list: true };
    },

    /** Takes a story out (whatever others may see of it); idempotent. */
    async removeStory(list: ReadingListRow, storyId: string): Promise<ListMembership> {
      const id = storyId.toLowerCase();
      if (isUuid(id)) await inList(list, (trx, locked) => deleteEntry(trx, locked.id, id));
      return { list_id: list.id, story_id: id, in_list: false };
    },

    /** Moves an entry just before or after another one; the rest keep their order. */
    async moveStory(list: ReadingListRow, storyId: string, to: MoveListStoryBody): Promise<void> {
      await inList(list, async (trx, locked) => {
        const entries = await entriesOf(trx, locked.id);
        const from = entries.findIndex((e) => e.story_id === storyId.toLowerCase());
        if (from < 0) throw notFound(LIST_MESSAGES.notInList);
        const [moving] = entries.splice(from, 1);
        const target = (to.before ?? to.after ?? '').toLowerCase();
        const at = entries.findIndex((e) => e.story_id === target);
        if (at < 0) throw invalidField(to.before ? 'before' : 'after', LIST_MESSAGES.moveTarget);
        entries.splice(to.before ? at : at + 1, 0, moving!);
        await rewriteEntries(trx, locked.id, entries);
      });
    },

    /** The caller's lists in a new order: every one of them, each once. */
    async reorder(viewer: UserRow, listIds: string[]): Promise<ReadingList[]> {
      await k.transaction().execute(async (trx) => {
        await lockPair(trx, db.dialect, viewer.id, viewer.id);
        const current = (await listsOfOwner(trx, viewer.id, true)).map((row) => row.id);
        const wanted = listIds.map((id) => id.toLowerCase());
        const same =
          wanted.length === current.length &&
          new Set(wanted).size === wanted.length &&
          wanted.every((id) => current.includes(id));
        if (!same) throw invalidField('list_ids', LIST_MESSAGES.orderInvalid);
        await setListPositions(trx, viewer.id, wanted);
      });
      return present(await listsOfOwner(k, viewer.id, true), viewer);
    },

    /** Follows a list others may see; not one's own, nor across a block (decision 024). */
    async follow(list: ReadingListRow, viewer: UserRow): Promise<ListFollowResult> {
      if (list.owner_id === viewer.id) throw invalidField('id', LIST_MESSAGES.cannotFollowOwn);
      return k.transaction().execute(async (trx) => {
        await lockPair(trx, db.dialect, viewer.id, list.owner_id);
        const me = await findUserById(trx, viewer.id);
        if (!me) throw unauthorized();
        await assertMayFollow(trx, viewer.id, list.owner_id).catch(() => {
          throw forbidden(LIST_MESSAGES.followBlocked);
        });
        await insertFollow(trx, list.id, viewer.id, nowIso());
        return { following: true, followers_count: await followersCountOf(trx, list.id) };
      });
    },

    /** Ends a follow, also of a list that went private since (others still get 404). */
    async unfollow(id: string, viewer: UserRow): Promise<ListFollowResult> {
      const list = isUuid(id) ? await findListById(k, id.toLowerCase()) : undefined;
      if (!list) throw listNotFound();
      return k.transaction().execute(async (trx) => {
        const removed = await deleteFollow(trx, list.id, viewer.id);
        if (!removed && !canSeeList(viewer, list)) throw listNotFound();
        return { following: false, followers_count: await followersCountOf(trx, list.id) };
      });
    },
  };
}
export type ListService = ReturnType<typeof createListService>;

import type { Chapter, Story } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  type ChapterPatch,
  type EditValues,
  isDirty,
  type SaveApi,
  type SaveEvent,
  saveStory,
} from './save-story';
import { type ChapterDraft, DEFAULT_SETTINGS, emptyDetails } from './story-form';

/** A stand-in for the chapters API with the server's ordering rules (insert, move, renumber). */
function fakeServer(initial: ChapterDraft[], options: { failOn?: string } = {}) {
  const rows = new Map(initial.map((c) => [c.id!, { ...c }]));
  const order = initial.map((c) => c.id!);
  const calls: string[] = [];
  let next = 1;
  const chapter = (id: string): Chapter => {
    const row = rows.get(id)!;
    return {
      id,
      story_id: 's',
      title: row.title,
      content: row.content,
      order: order.indexOf(id) + 1,
      published: row.published,
      word_count: 0,
      reads_count: 0,
      published_at: row.published ? '2025-01-01T00:00:00.000Z' : null,
      ...(row.publishAt ? { publish_at: row.publishAt } : {}),
      created_at: '',
      updated_at: '',
    };
  };
  const fail = (call: string) => {
    calls.push(call);
    if (options.failOn && call.startsWith(options.failOn)) throw new Error(`failed: ${call}`);
  };
  const story = { updated_at: '2025-01-02T00:00:00.000Z', cover_image: null } as Story;
  const api: SaveApi = {
    updateStory: async (patch) => {
      fail(`story ${JSON.stringify(patch)}`);
      return story;
    },
    replaceCover: async () => {
      fail('cover');
      return { ...story, cover_image: '/media/c-lg.webp' };
    },
    removeCover: async () => {
      fail('uncover');
      return story;
    },
    createChapter: async (input) => {
      const id = `new${next++}`;
      fail(`create ${input.title}`);
      const { publish_at, ...fields } = input;
      rows.set(id, { key: id, id, publishedAt: null, publishAt: publish_at ?? null, ...fields });
      order.push(id);
      return chapter(id);
    },
    updateChapter: async (id, patch: ChapterPatch) => {
      fail(`update ${id} ${JSON.stringify(patch)}`);
      const { order: position, publish_at, ...fields } = patch;
      Object.assign(rows.get(id)!, fields);
      if (publish_at !== undefined) rows.get(id)!.publishAt = publish_at;
      if (position !== undefined) {
        order.splice(order.indexOf(id), 1);
        order.splice(position - 1, 0, id);
      }
      return chapter(id);
    },
    deleteChapter: async (id) => {
      fail(`delete ${id}`);
      if (order.length <= 1) throw new Error('last chapter');
      rows.delete(id);
      order.splice(order.indexOf(id), 1);
    },
  };
  return { api, calls, titles: () => order.map((id) => rows.get(id)!.title), rows };
}

const chapter = (id: string, title: string, content = `<p>${title}</p>`): ChapterDraft => ({
  key: id,
  id,
  title,
  content,
  published: true,
  publishedAt: '2025-01-01T00:00:00.000Z',
  publishAt: null,
});

const details = { ...emptyDetails(), title: 'Tale', genre: 'Fantasy' as const };

function setup(chapters: ChapterDraft[]) {
  const baseline: Baseline = {
    details,
    settings: DEFAULT_SETTINGS,
    chapters,
    coverUrl: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
  const values: EditValues = {
    details,
    settings: DEFAULT_SETTINGS,
    chapters: [...chapters],
    cover: { kind: 'keep' },
  };
  return { baseline, values };
}

/** Applies save events to the baseline as the edit form does. */
function track(baseline: Baseline) {
  const state = { baseline, created: new Map<string, string>() };
  const onEvent = (event: SaveEvent) => {
    if (event.type === 'chapters-saved')
      state.baseline = { ...state.baseline, chapters: event.chapters };
    if (event.type === 'story-saved')
      state.baseline = { ...state.baseline, details: event.details, settings: event.settings };
    if (event.type === 'chapter-created') state.created.set(event.key, event.id);
  };
  return { state, onEvent };
}

describe('saving the edit form', () => {
  const a = chapter('a', 'One');
  const b = chapter('b', 'Two');
  const c = chapter('c', 'Three');

  it('is clean until something changes', () => {
    const { baseline, values } = setup([a, b]);
    expect(isDirty(values, baseline)).toBe(false);
    expect(isDirty({ ...values, chapters: [b, a] }, baseline)).toBe(true);
    expect(isDirty({ ...values, details: { ...details, tags: ['x'] } }, baseline)).toBe(true);
    expect(
      isDirty({ ...values, settings: { ...DEFAULT_SETTINGS, rating: 'mature' } }, baseline),
    ).toBe(true);
    expect(isDirty({ ...values, cover: { kind: 'remove' } }, baseline)).toBe(true);
  });

  it('reorders, deletes and adds chapters so the server ends in list order', async () => {
    const { baseline, values } = setup([a, b, c]);
    const server = fakeServer([a, b, c]);
    const added: ChapterDraft = { ...chapter('x', 'Four'), key: 'tmp', id: null, published: false };
    values.chapters = [c, a, added];
    const { state, onEvent } = track(baseline);
    await saveStory(values, baseline, server.api, onEvent);
    expect(server.titles()).toEqual(['Three', 'One', 'Four']);
    expect(server.rows.get('new1')?.published).toBe(false);
    expect(state.created.get('tmp')).toBe('new1');
    // The baseline now matches the form (with the server id of the new chapter).
    const saved = values.chapters.map((ch) => (ch.key === 'tmp' ? { ...ch, id: 'new1' } : ch));
    expect(isDirty({ ...values, chapters: saved }, state.baseline)).toBe(false);
  });

  it('creates before deleting, so replacing every chapter never removes the last one first', async () => {
    const { baseline, values } = setup([a]);
    const server = fakeServer([a]);
    values.chapters = [{ ...chapter('y', 'Fresh'), key: 'tmp', id: null }];
    await saveStory(values, baseline, server.api, () => {});
    expect(server.titles()).toEqual(['Fresh']);
    expect(server.calls[0]).toBe('create Fresh');
  });

  it('sends only what changed', async () => {
    const { baseline, values } = setup([a, b]);
    const server = fakeServer([a, b]);
    values.details = { ...details, title: 'New title' };
    values.chapters = [a, { ...b, content: '<p>changed</p>' }];
    await saveStory(values, baseline, server.api, () => {});
    expect(server.calls).toEqual([
      'story {"title":"New title"}',
      'update b {"content":"<p>changed</p>"}',
    ]);
  });

  it('after a failure, a retry only does what is left', async () => {
    const { baseline, values } = setup([a, b]);
    const failing = fakeServer([a, b], { failOn: 'delete' });
    values.details = { ...details, description: 'About' };
    values.chapters = [b, { ...chapter('z', 'New'), key: 'tmp', id: null }];
    const first = track(baseline);
    await expect(saveStory(values, baseline, failing.api, first.onEvent)).rejects.toThrow();
    expect(failing.calls).toEqual(['story {"description":"About"}', 'create New', 'delete a']);

    // The form learns the new chapter's id; the baseline holds what went through.
    const retried = {
      ...values,
      chapters: values.chapters.map((ch) =>
        ch.key === 'tmp' ? { ...ch, id: first.state.created.get('tmp')! } : ch,
      ),
    };
    const calls: string[] = [];
    const api = {
      ...failing.api,
      deleteChapter: async (id: string) => void calls.push(`delete ${id}`),
    };
    const update = failing.api.updateChapter;
    api.updateChapter = async (id, patch) => {
      calls.push(`update ${id} ${JSON.stringify(patch)}`);
      return update(id, patch);
    };
    await saveStory(retried, first.state.baseline, api, () => {});
    expect(calls).toEqual(['delete a']);
  });

  it('sends a schedule, a new scheduled chapter, and a cancelled schedule', async () => {
    const draft = { ...chapter('d', 'Soon'), published: false, publishedAt: null };
    const { baseline, values } = setup([a, draft]);
    const server = fakeServer([a, draft]);
    const at = '2030-05-01T09:00:00.000Z';
    values.chapters = [
      a,
      { ...draft, publishAt: at },
      { ...chapter('n', 'Later'), key: 'tmp', id: null, published: false, publishAt: at },
    ];
    const { state, onEvent } = track(baseline);
    await saveStory(values, baseline, server.api, onEvent);
    expect(server.calls).toEqual(['create Later', `update d {"publish_at":"${at}"}`]);
    expect(server.rows.get('new1')?.publishAt).toBe(at);
    const saved = values.chapters.map((ch) => (ch.key === 'tmp' ? { ...ch, id: 'new1' } : ch));
    expect(isDirty({ ...values, chapters: saved }, state.baseline)).toBe(false);

    const cancelled = saved.map((ch) => (ch.id === 'd' ? { ...ch, publishAt: null } : ch));
    server.calls.length = 0;
    await saveStory({ ...values, chapters: cancelled }, state.baseline, server.api, () => {});
    expect(server.calls).toEqual(['update d {"publish_at":null}']);
  });

  it('saves a cover change and the story settings', async () => {
    const { baseline, values } = setup([a]);
    const server = fakeServer([a]);
    values.cover = { kind: 'replace', file: new File(['x'], 'c.png', { type: 'image/png' }) };
    values.settings = {
      ...DEFAULT_SETTINGS,
      completion_status: 'completed',
      allow_comments: false,
    };
    const events: SaveEvent[] = [];
    await saveStory(values, baseline, server.api, (event) => events.push(event));
    expect(server.calls).toEqual([
      'story {"allow_comments":false,"completion_status":"completed"}',
      'cover',
    ]);
    expect(events.find((e) => e.type === 'cover-saved')).toMatchObject({
      coverUrl: '/media/c-lg.webp',
    });
  });
});

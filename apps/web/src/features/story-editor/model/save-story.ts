import type { Chapter, Story } from '@storyloom/shared';
import {
  type ChapterDraft,
  type StoryDetails,
  type StorySettingsForm,
  sameChapters,
  sameDetails,
  sameSettings,
  sameTags,
} from './story-form';

/** What the server holds, as last loaded or saved: dirty tracking compares against it. */
export type Baseline = {
  details: StoryDetails;
  settings: StorySettingsForm;
  /** Server order. */
  chapters: ChapterDraft[];
  coverUrl: string | null;
  /** The server's version; null for a story not created yet. */
  updatedAt: string | null;
};

export type CoverChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/** The edit form's state. The chapter list order is the order to save. */
export type EditValues = {
  details: StoryDetails;
  settings: StorySettingsForm;
  chapters: ChapterDraft[];
  cover: CoverChange;
};

export function isDirty(values: EditValues, baseline: Baseline): boolean {
  return (
    values.cover.kind !== 'keep' ||
    !sameDetails(values.details, baseline.details) ||
    !sameSettings(values.settings, baseline.settings) ||
    !sameChapters(values.chapters, baseline.chapters)
  );
}

export type StoryPatch = Partial<Omit<StoryDetails, 'genre'> & { genre: string }> &
  Partial<StorySettingsForm>;

/** The changed story fields (details and settings), or null when nothing changed. */
export function storyPatch(values: EditValues, baseline: Baseline): StoryPatch | null {
  const patch: Record<string, unknown> = {};
  const { details, settings } = values;
  const before = baseline.details;
  if (details.title !== before.title) patch.title = details.title;
  if (details.description !== before.description) patch.description = details.description;
  if (details.genre !== before.genre) patch.genre = details.genre;
  if (!sameTags(details.tags, before.tags)) patch.tags = details.tags;
  if (details.visibility !== before.visibility) patch.visibility = details.visibility;
  for (const key of Object.keys(settings) as (keyof StorySettingsForm)[]) {
    const [now, was] = [settings[key], baseline.settings[key]];
    const same = Array.isArray(now) && Array.isArray(was) ? sameTags(now, was) : now === was;
    if (!same) patch[key] = now;
  }
  return Object.keys(patch).length > 0 ? (patch as StoryPatch) : null;
}

export type ChapterPatch = {
  title?: string;
  content?: string;
  published?: boolean;
  /** A new schedule, or null to cancel one (docs/decisions/028-scheduled-chapters.md). */
  publish_at?: string | null;
  order?: number;
};

export type SaveApi = {
  updateStory: (patch: StoryPatch) => Promise<Story>;
  replaceCover: (file: File) => Promise<Story>;
  removeCover: () => Promise<Story>;
  createChapter: (input: {
    title: string;
    content: string;
    published: boolean;
    publish_at?: string;
  }) => Promise<Chapter>;
  updateChapter: (id: string, patch: ChapterPatch) => Promise<Chapter>;
  deleteChapter: (id: string) => Promise<void>;
};

/** Progress of a save: each step that succeeded moves the baseline, so a retry redoes nothing. */
export type SaveEvent =
  | { type: 'story-saved'; details: StoryDetails; settings: StorySettingsForm; updatedAt: string }
  | { type: 'cover-saved'; coverUrl: string | null; updatedAt: string }
  | { type: 'chapter-created'; key: string; id: string }
  | { type: 'chapters-saved'; chapters: ChapterDraft[] };

function moveTo(order: string[], id: string, position: number) {
  const from = order.indexOf(id);
  if (from >= 0) order.splice(from, 1);
  order.splice(position - 1, 0, id);
}

/**
 * Saves `values` over `baseline`: the story's fields, the cover, then new chapters (created at
 * the end), deleted chapters (after the creations, so the server never sees the last one go),
 * and finally each chapter's changes and position, renumbered from 1 in list order.
 * `onEvent` reports every step that succeeded; the first failure stops and throws.
 */
export async function saveStory(
  values: EditValues,
  baseline: Baseline,
  api: SaveApi,
  onEvent: (event: SaveEvent) => void,
): Promise<void> {
  const patch = storyPatch(values, baseline);
  if (patch) {
    const story = await api.updateStory(patch);
    onEvent({
      type: 'story-saved',
      details: values.details,
      settings: values.settings,
      updatedAt: story.updated_at,
    });
  }

  if (values.cover.kind !== 'keep') {
    const story =
      values.cover.kind === 'replace'
        ? await api.replaceCover(values.cover.file)
        : await api.removeCover();
    onEvent({ type: 'cover-saved', coverUrl: story.cover_image, updatedAt: story.updated_at });
  }

  // What the server holds, step by step.
  const server = new Map(baseline.chapters.map((chapter) => [chapter.id!, chapter]));
  const order = baseline.chapters.map((chapter) => chapter.id!);
  const report = () =>
    onEvent({ type: 'chapters-saved', chapters: order.map((id) => server.get(id)!) });

  const chapters = values.chapters.map((chapter) => ({ ...chapter }));
  for (const chapter of chapters) {
    if (chapter.id !== null && server.has(chapter.id)) continue;
    const created = await api.createChapter({
      title: chapter.title.trim(),
      content: chapter.content,
      published: chapter.published,
      ...(chapter.publishAt && !chapter.published ? { publish_at: chapter.publishAt } : {}),
    });
    chapter.id = created.id;
    onEvent({ type: 'chapter-created', key: chapter.key, id: created.id });
    server.set(created.id, {
      ...chapter,
      id: created.id,
      publishedAt: created.published_at,
      publishAt: created.publish_at ?? null,
    });
    order.push(created.id);
    report();
  }

  const kept = new Set(chapters.map((chapter) => chapter.id));
  for (const id of [...order]) {
    if (kept.has(id)) continue;
    await api.deleteChapter(id);
    server.delete(id);
    order.splice(order.indexOf(id), 1);
    report();
  }

  for (const [index, chapter] of chapters.entries()) {
    const id = chapter.id!;
    const before = server.get(id)!;
    const change: ChapterPatch = {};
    if (order[index] !== id) change.order = index + 1;
    if (chapter.title !== before.title) change.title = chapter.title.trim();
    if (chapter.content !== before.content) change.content = chapter.content;
    if (chapter.published !== before.published) change.published = chapter.published;
    if (chapter.publishAt !== before.publishAt) change.publish_at = chapter.publishAt;
    if (Object.keys(change).length === 0) continue;
    const updated = await api.updateChapter(id, change);
    if (change.order !== undefined) moveTo(order, id, change.order);
    server.set(id, {
      ...chapter,
      publishedAt: updated.published_at,
      publishAt: updated.publish_at ?? null,
    });
    report();
  }
}

import type { Chapter, Story } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { writeString } from '../../../lib/storage';
import { moveChapter, removeChapter } from './chapters';
import { offerableDraft } from './draft-offer';
import { draftKey, readDraft } from './drafts';
import { chapterIsDirty, editReducer, loadState } from './editor-state';
import { failureMessage } from './errors';
import { type ChapterDraft, emptyDetails, newChapter } from './story-form';
import { createProblem, saveProblem } from './validation';

const story = {
  id: 's1',
  title: 'Tale',
  description: '',
  genre: 'Fantasy',
  tags: ['quest'],
  visibility: 'public',
  cover_image: null,
  updated_at: '2025-03-01T10:00:00.000Z',
  settings: {
    allow_comments: true,
    rating: 'general',
    warnings: [],
    completion_status: 'ongoing',
    language: 'English',
    copyright: 'All Rights Reserved',
  },
} as unknown as Story;

const serverChapter = (id: string, order: number): Chapter => ({
  id,
  story_id: 's1',
  title: `Chapter ${order}`,
  content: `<p>Text ${order}</p>`,
  order,
  published: true,
  word_count: 2,
  reads_count: 0,
  published_at: '2025-03-01T10:00:00.000Z',
  created_at: '',
  updated_at: '',
});

describe('create and save validation', () => {
  const filled = (content: string): ChapterDraft => ({ ...newChapter(1), content });

  it('asks for a title, then a genre, then content, in that order', () => {
    const details = emptyDetails();
    expect(createProblem(details, [filled('')])?.title).toBe('Title Required');
    expect(createProblem({ ...details, title: '   ' }, [filled('')])?.description).toBe(
      'Please enter a title for your story',
    );
    expect(createProblem({ ...details, title: 'T' }, [filled('')])).toMatchObject({
      title: 'Genre Required',
      description: 'Please select a genre for your story',
    });
    const named = { ...details, title: 'T', genre: 'Poetry' as const };
    expect(createProblem(named, [filled('<p> </p>')])).toMatchObject({
      title: 'Content Required',
      description: 'Please write content for at least one chapter',
    });
    expect(createProblem(named, [filled(''), filled('<p>words</p>')])).toBeNull();
  });

  it('refuses to save a published chapter without content', () => {
    const details = { ...emptyDetails(), title: 'T', genre: 'Drama' as const };
    const empty = { ...newChapter(2), published: true };
    expect(saveProblem(details, [empty])).toMatchObject({
      title: 'No Content',
      description: 'Please add content to the chapter before publishing',
      chapterKey: empty.key,
    });
    expect(saveProblem(details, [{ ...empty, published: false }])).toBeNull();
  });

  it('refuses a story title or a chapter title over its limit instead of cutting it', () => {
    const details = { ...emptyDetails(), title: 'T', genre: 'Drama' as const };
    const chapter = filled('<p>words</p>');
    expect(createProblem({ ...details, title: 'x'.repeat(201) }, [chapter])).toMatchObject({
      description: 'Title must be at most 200 characters',
      field: 'title',
    });
    expect(createProblem({ ...details, title: 'x'.repeat(200) }, [chapter])).toBeNull();
    const long = { ...chapter, title: 'y'.repeat(201) };
    expect(saveProblem(details, [chapter, long])).toMatchObject({
      description: 'Chapter title must be at most 200 characters',
      field: 'content',
      chapterKey: long.key,
    });
  });
});

describe('chapter list', () => {
  const list = [newChapter(1), newChapter(2), newChapter(3)];

  it('keeps the last chapter and moves within bounds', () => {
    expect(removeChapter([list[0]!], list[0]!.key)).toBeNull();
    expect(removeChapter(list, list[1]!.key)?.map((c) => c.title)).toEqual([
      'Chapter 1',
      'Chapter 3',
    ]);
    expect(moveChapter(list, list[2]!.key, -1).map((c) => c.title)).toEqual([
      'Chapter 1',
      'Chapter 3',
      'Chapter 2',
    ]);
    expect(moveChapter(list, list[0]!.key, -1).map((c) => c.title)).toEqual([
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
    ]);
  });
});

describe('edit form state', () => {
  it('falls back to one empty new chapter when the chapters failed to load', () => {
    const state = loadState(story, null);
    expect(state.values.chapters).toHaveLength(1);
    expect(state.values.chapters[0]).toMatchObject({ id: null, title: 'Chapter 1', content: '' });
    expect(state.baseline.chapters).toEqual([]);
  });

  it('offers a stored draft only when it is newer and differs, and restores it', () => {
    const state = loadState(story, [serverChapter('c1', 1), serverChapter('c2', 2)]);
    const key = draftKey('u1', 's1');
    const draft = {
      savedAt: '2025-03-01T09:00:00.000Z',
      baseUpdatedAt: story.updated_at,
      details: { ...state.values.details, title: 'Better title' },
      settings: state.values.settings,
      chapters: [
        { ...state.values.chapters[1]!, content: '<p>edited</p>' },
        { ...newChapter(3), key: 'tmp', id: 'gone' },
      ],
    };
    writeString(key, JSON.stringify(draft));
    const stored = readDraft(key);
    expect(offerableDraft(stored, state)).not.toBeNull();
    // Written before the story was last saved elsewhere: not offered.
    expect(
      offerableDraft({ ...stored!, baseUpdatedAt: '2024-12-31T00:00:00.000Z' }, state),
    ).toBeNull();
    // Identical to the server's version: nothing to offer.
    expect(
      offerableDraft(
        { ...stored!, details: state.values.details, chapters: state.values.chapters },
        state,
      ),
    ).toBeNull();

    const restored = editReducer(state, { type: 'restore', draft: stored! });
    expect(restored.values.details.title).toBe('Better title');
    expect(restored.values.chapters.map((c) => c.id)).toEqual(['c2', null]);
    expect(restored.revision).toBe(state.revision + 1);
  });

  it('ignores a draft it cannot read', () => {
    writeString('broken', '{not json');
    expect(readDraft('broken')).toBeNull();
    writeString(
      'odd',
      JSON.stringify({ savedAt: 'x', details: { genre: 'Cooking', tags: [1, 'a'] } }),
    );
    expect(readDraft('odd')?.details).toMatchObject({
      genre: '',
      tags: ['a'],
      visibility: 'public',
    });
  });
});

describe('failure messages', () => {
  const fallback = 'Failed to save changes. Please try again.';
  it('prefers the server message, then a field message, then the status', () => {
    expect(failureMessage(new ApiError('Story not found', { status: 404 }), fallback)).toBe(
      'Story not found',
    );
    expect(
      failureMessage(
        new ApiError('Some fields are invalid', {
          status: 400,
          details: { description: ['Description must be at most 2000 characters'] },
        }),
        fallback,
      ),
    ).toBe('Description must be at most 2000 characters');
    expect(failureMessage(new ApiError('HTTP 502 Error', { status: 502 }), fallback)).toBe(
      'Server error: 502',
    );
    expect(failureMessage(new ApiError('Network error', { code: 'network_error' }), fallback)).toBe(
      fallback,
    );
    expect(failureMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('a revision restored from History', () => {
  it('takes the chapter to the restored text in the form and the baseline, keeping other edits', () => {
    let state = loadState(story, [serverChapter('c1', 1), serverChapter('c2', 2)]);
    state = editReducer(state, {
      type: 'chapter',
      key: 'c2',
      patch: { content: '<p>unsaved</p>' },
    });
    expect(chapterIsDirty(state.values.chapters[1]!, state.baseline)).toBe(true);
    expect(chapterIsDirty(state.values.chapters[0]!, state.baseline)).toBe(false);
    const before = state.revision;
    const restored = editReducer(state, {
      type: 'revision-restored',
      chapter: { ...serverChapter('c1', 1), title: 'Old title', content: '<p>Old text</p>' },
    });
    expect(restored.values.chapters[0]).toMatchObject({
      title: 'Old title',
      content: '<p>Old text</p>',
    });
    expect(restored.baseline.chapters[0]).toMatchObject({
      title: 'Old title',
      content: '<p>Old text</p>',
    });
    expect(chapterIsDirty(restored.values.chapters[0]!, restored.baseline)).toBe(false);
    // The other chapter's unsaved edit is still there, and the editor starts over.
    expect(restored.values.chapters[1]!.content).toBe('<p>unsaved</p>');
    expect(restored.revision).toBe(before + 1);
  });
});

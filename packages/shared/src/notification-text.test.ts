// What a notification says and links to: the bell, /notifications and the emails say the same.

import { describe, expect, it } from 'vitest';
import { actorsPhrase, notificationPath, notificationText } from './notification-text.js';
import type { Notification } from './schemas/notifications.js';

const person = (username: string) => ({ id: `id-${username}`, username, profile_pic: null });
const mira = person('Mira');
const bram = person('Bram');
const story = { id: 's1', title: 'The Last Translation' };
const chapter = { id: 'c1', title: 'Harbour Lights', position: 3 };

function make(overrides: Partial<Notification>): Notification {
  return {
    id: 'n1',
    type: 'follow',
    actors: [mira],
    actors_count: 1,
    story: null,
    chapter: null,
    comment: null,
    created_at: '2025-01-01T00:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

describe('notificationText', () => {
  it('tells of a handled report without naming anyone, and of hidden content with its reason', () => {
    const resolved = make({
      type: 'report_resolved',
      actors: [],
      actors_count: 0,
      moderation: { target_type: 'story', outcome: 'action_taken', reason: null },
    });
    expect(notificationText(resolved)).toBe(
      'Your report of a story was reviewed and the moderators took action',
    );
    expect(notificationPath(resolved)).toBe('/notifications');
    const hidden = make({
      type: 'content_hidden',
      actors: [],
      actors_count: 0,
      story,
      moderation: { target_type: 'story', outcome: null, reason: 'Spam links' },
    });
    expect(notificationText(hidden)).toBe(
      'The moderators hid your story The Last Translation. Reason: Spam links',
    );
    expect(notificationPath(hidden)).toBe('/stories/s1');
  });

  it('says what happened, naming the story', () => {
    const comment = { id: 'k1', excerpt: 'Lovely', parent_id: null, paragraph: null };
    expect(notificationText(make({ type: 'follow' }))).toBe('Mira followed you');
    expect(notificationText(make({ type: 'comment', story, chapter, comment }))).toBe(
      'Mira commented on The Last Translation',
    );
    expect(notificationText(make({ type: 'reply', story, chapter, comment }))).toBe(
      'Mira replied to your comment on The Last Translation',
    );
    expect(notificationText(make({ type: 'mention', story, chapter, comment }))).toBe(
      'Mira mentioned you in a comment on The Last Translation',
    );
    expect(notificationText(make({ type: 'new_chapter', story, chapter }))).toBe(
      'New chapter of The Last Translation: Harbour Lights',
    );
    expect(
      notificationText(make({ type: 'new_chapter', story, chapter: { ...chapter, title: ' ' } })),
    ).toBe('New chapter of The Last Translation: Chapter 3');
  });

  it('groups likes: one name, two names, then "and n others"', () => {
    const like = (actors: Notification['actors'], actors_count: number) =>
      notificationText(make({ type: 'story_like', story, actors, actors_count }));
    expect(like([mira], 1)).toBe('Mira liked The Last Translation');
    expect(like([mira, bram], 2)).toBe('Mira and Bram liked The Last Translation');
    expect(like([mira, bram, person('Ines')], 12)).toBe(
      'Mira and 11 others liked The Last Translation',
    );
  });

  it('copes with accounts that are gone', () => {
    expect(actorsPhrase({ actors: [], actors_count: 1 })).toBe('Someone');
    expect(actorsPhrase({ actors: [], actors_count: 4 })).toBe('4 people');
    expect(actorsPhrase({ actors: [mira], actors_count: 2 })).toBe('Mira and 1 other');
  });
});

describe('notificationPath', () => {
  it('leads to the follower, the comment in its thread, the story or the chapter', () => {
    expect(notificationPath(make({ type: 'follow' }))).toBe('/profile/Mira');
    expect(notificationPath(make({ type: 'story_like', story }))).toBe('/stories/s1');
    expect(notificationPath(make({ type: 'new_chapter', story, chapter }))).toBe(
      '/stories/s1/read?chapter=3&chapter_id=c1',
    );
    const onParagraph = { id: 'k2', excerpt: 'x', parent_id: 'k1', paragraph: 4 };
    expect(notificationPath(make({ type: 'reply', story, chapter, comment: onParagraph }))).toBe(
      '/stories/s1/read?chapter=3&chapter_id=c1&comment=k2&parent=k1&paragraph=4',
    );
    const onChapter = { id: 'k3', excerpt: 'x', parent_id: null, paragraph: null };
    expect(notificationPath(make({ type: 'comment', story, chapter, comment: onChapter }))).toBe(
      '/stories/s1/read?chapter=3&chapter_id=c1&comment=k3',
    );
  });
});

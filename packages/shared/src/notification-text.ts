import { readerPath } from './reader-links.js';
import type { Notification } from './schemas/notifications.js';

/**
 * What a notification says, in three parts so the story's title can be set apart:
 * `lead` + `title` (emphasized) + `tail`, e.g. "Mira commented on " + "Title" + "".
 */
export type NotificationSentence = { lead: string; title: string | null; tail: string };

/** "Mira", "Mira and Bram", "Mira and 11 others"; "Someone" when every actor's account is gone. */
export function actorsPhrase({
  actors,
  actors_count,
}: Pick<Notification, 'actors' | 'actors_count'>) {
  const [first, second] = actors;
  const count = Math.max(actors_count, actors.length);
  if (!first) return count > 1 ? `${count} people` : 'Someone';
  if (count <= 1) return first.username;
  if (count === 2)
    return second ? `${first.username} and ${second.username}` : `${first.username} and 1 other`;
  return `${first.username} and ${count - 1} others`;
}

/** A chapter's name in a sentence: its title, or "Chapter n" when it has none. */
const chapterName = (chapter: Notification['chapter']) =>
  chapter ? chapter.title.trim() || `Chapter ${chapter.position}` : '';

export function notificationSentence(notification: Notification): NotificationSentence {
  const who = actorsPhrase(notification);
  const title = notification.story?.title ?? null;
  const about = (lead: string): NotificationSentence =>
    title === null
      ? { lead: lead.trimEnd().replace(/ (on|of)$/, ''), title: null, tail: '' }
      : { lead, title, tail: '' };
  switch (notification.type) {
    case 'follow':
      return { lead: `${who} followed you`, title: null, tail: '' };
    case 'comment':
      return about(`${who} commented on `);
    case 'reply':
      return about(`${who} replied to your comment on `);
    case 'mention':
      return about(`${who} mentioned you in a comment on `);
    case 'story_like':
      return title === null
        ? { lead: `${who} liked your story`, title: null, tail: '' }
        : { lead: `${who} liked `, title, tail: '' };
    case 'new_chapter': {
      const chapter = chapterName(notification.chapter);
      return title === null
        ? { lead: `New chapter: ${chapter}`, title: null, tail: '' }
        : { lead: 'New chapter of ', title, tail: chapter ? `: ${chapter}` : '' };
    }
    case 'report_resolved':
      return {
        lead:
          notification.moderation?.outcome === 'action_taken'
            ? `Your report of a ${notification.moderation.target_type} was reviewed and the moderators took action`
            : `Your report of a ${notification.moderation?.target_type ?? 'post'} was reviewed; no action was needed`,
        title: null,
        tail: '',
      };
    case 'content_hidden': {
      const what = notification.moderation?.target_type ?? 'story';
      const reason = notification.moderation?.reason;
      const tail = reason ? `. Reason: ${reason}` : '';
      return title === null || what !== 'story'
        ? { lead: `The moderators hid your ${what}${title ? ' on ' : ''}`, title, tail }
        : { lead: 'The moderators hid your story ', title, tail };
    }
    default:
      return { lead: 'New activity', title, tail: '' };
  }
}

/** The sentence as plain text (labels, tests). */
export const notificationText = (notification: Notification) => {
  const { lead, title, tail } = notificationSentence(notification);
  return `${lead}${title ?? ''}${tail}`;
};

/**
 * Where a notification leads: the follower's profile, the comment in its thread, the story,
 * or the new chapter in the reader.
 */
export function notificationPath(notification: Notification): string {
  const { story, chapter, comment } = notification;
  switch (notification.type) {
    case 'follow': {
      const follower = notification.actors[0];
      return follower ? `/profile/${encodeURIComponent(follower.username)}` : '/notifications';
    }
    case 'comment':
    case 'reply':
    case 'mention':
      if (!story) break;
      return readerPath(story.id, {
        ...(chapter ? { chapterId: chapter.id, position: chapter.position } : {}),
        ...(comment ? { comment } : {}),
      });
    case 'new_chapter':
      if (!story) break;
      return readerPath(
        story.id,
        chapter ? { chapterId: chapter.id, position: chapter.position } : {},
      );
    case 'story_like':
    case 'content_hidden':
      break;
    case 'report_resolved':
      return '/notifications';
  }
  return story ? `/stories/${encodeURIComponent(story.id)}` : '/notifications';
}

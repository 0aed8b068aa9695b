import { paragraphsOfHtml, textOfHtml } from '@storyloom/shared';
import { diffWords } from 'diff';

/** A run of text in one side of the comparison; `changed` marks words the other side lacks. */
export type DiffRun = { text: string; changed: boolean };

export type RevisionComparison = {
  /** The revision's text, with the words the current text no longer has marked. */
  before: DiffRun[];
  /** The current text, with the words added since the revision marked. */
  after: DiffRun[];
  added: number;
  removed: number;
};

/** A chapter's text as the reader sees it: paragraphs separated by a blank line. */
export const chapterPlainText = (html: string): string =>
  paragraphsOfHtml(html)
    .map((paragraph) =>
      textOfHtml(paragraph.replace(/<br\s*\/?>/gi, '\n'))
        .replace(/[ \t]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .trim(),
    )
    .join('\n\n');

const wordsIn = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

/**
 * A word-level comparison of a revision with the current text (jsdiff's `diffWords`): what each
 * side reads, with the words only it has marked, and how many words were added and removed.
 */
export function compareRevision(revisionHtml: string, currentHtml: string): RevisionComparison {
  const changes = diffWords(chapterPlainText(revisionHtml), chapterPlainText(currentHtml));
  const comparison: RevisionComparison = { before: [], after: [], added: 0, removed: 0 };
  for (const change of changes) {
    if (change.added) {
      comparison.after.push({ text: change.value, changed: true });
      comparison.added += wordsIn(change.value);
    } else if (change.removed) {
      comparison.before.push({ text: change.value, changed: true });
      comparison.removed += wordsIn(change.value);
    } else {
      comparison.before.push({ text: change.value, changed: false });
      comparison.after.push({ text: change.value, changed: false });
    }
  }
  return comparison;
}

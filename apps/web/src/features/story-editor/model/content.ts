/**
 * Chapter text as the editor shows it. The word and blank rules are the server's own
 * (@storyloom/shared chapter-text), so the live count is the count that is stored.
 */
import { groupDigits } from '@storyloom/shared';

export { isBlankHtml, wordCountOfHtml } from '@storyloom/shared';

export const formatWordCount = (words: number): string =>
  `${groupDigits(words)} ${words === 1 ? 'word' : 'words'}`;

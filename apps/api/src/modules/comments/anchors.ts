import { randomBytes } from 'node:crypto';
import { paragraphsOfHtml, textOfHtml } from '@storyloom/shared';

/**
 * Paragraph anchors (docs/decisions/021-comment-anchors.md): a chapter keeps one key per
 * paragraph, and a paragraph comment stores the key. When the chapter is saved the old
 * paragraphs are aligned with the new ones and the keys follow the alignment, so inserting a
 * paragraph above another, fixing a typo in it or moving it leaves its comments on its text.
 */

/** A fresh key: 8 URL-safe characters, random, never derived from the text. */
export const newParagraphKey = (): string => randomBytes(6).toString('base64url');

/** Above this many cells (old × new paragraphs) only exact text is aligned, in order. */
const ALIGNMENT_CELLS_MAX = 4_000_000;
/** How alike an edited paragraph must stay to keep its key (Dice coefficient of its words). */
const ALIKE = 0.5;
/**
 * Fewer distinct words than this on either side and an edited paragraph is not recognised:
 * short lines look alike by chance ('"Yes," he said.' and '"No," he said.'), and a comment
 * is better at chapter level with its excerpt than on other words.
 */
const WORDS_TO_RECOGNISE = 4;

/** The text a paragraph is compared by: what the reader sees, whitespace collapsed. */
export const paragraphText = (html: string): string => textOfHtml(html).replace(/\s+/g, ' ').trim();

const wordsOf = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/**
 * 2|A∩B| / (|A| + |B|) over two paragraphs' word sets: 1 the same words, 0 none shared.
 * Paragraphs without words (a scene break, '***') are alike only when their texts are equal.
 */
function dice(a: string, left: Set<string>, b: string, right: Set<string>): number {
  if (left.size + right.size === 0) return a === b ? 1 : 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

/** How alike two paragraphs' words are: 1 the same words, 0 none shared. */
export const likeness = (a: string, b: string): number => dice(a, wordsOf(a), b, wordsOf(b));

/** Where each text occurs among `texts` (leaving out the indexes `skip` names), in order. */
function positionsOf(texts: string[], skip: (i: number) => boolean = () => false) {
  const positions = new Map<string, number[]>();
  texts.forEach((text, i) => {
    if (skip(i)) return;
    const list = positions.get(text);
    if (list) list.push(i);
    else positions.set(text, [i]);
  });
  return positions;
}

/**
 * Pairs of [old index, new index] with equal text, increasing in both: a longest common
 * subsequence, or (past ALIGNMENT_CELLS_MAX) each new text's first unused old twin further on.
 */
function sameTextPairs(before: string[], after: string[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  // A common head and tail cost nothing to align and are most of any edit.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) {
    pairs.push([head, head]);
    head += 1;
  }
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1;
  }
  const oldMiddle = before.slice(head, before.length - tail);
  const newMiddle = after.slice(head, after.length - tail);
  const rows = oldMiddle.length;
  const cols = newMiddle.length;
  if (rows > 0 && cols > 0) {
    if (rows * cols <= ALIGNMENT_CELLS_MAX) {
      // lengths[i][j]: the longest common subsequence of oldMiddle[i..] and newMiddle[j..].
      const lengths = new Uint32Array((rows + 1) * (cols + 1));
      const at = (i: number, j: number) => i * (cols + 1) + j;
      for (let i = rows - 1; i >= 0; i -= 1) {
        for (let j = cols - 1; j >= 0; j -= 1) {
          lengths[at(i, j)] =
            oldMiddle[i] === newMiddle[j]
              ? lengths[at(i + 1, j + 1)]! + 1
              : Math.max(lengths[at(i + 1, j)]!, lengths[at(i, j + 1)]!);
        }
      }
      let i = 0;
      let j = 0;
      while (i < rows && j < cols) {
        if (oldMiddle[i] === newMiddle[j]) {
          pairs.push([head + i, head + j]);
          i += 1;
          j += 1;
        } else if (lengths[at(i + 1, j)]! >= lengths[at(i, j + 1)]!) i += 1;
        else j += 1;
      }
    } else {
      const positions = positionsOf(oldMiddle);
      let next = 0;
      newMiddle.forEach((text, j) => {
        const i = positions.get(text)?.find((candidate) => candidate >= next);
        if (i === undefined) return;
        pairs.push([head + i, head + j]);
        next = i + 1;
      });
    }
  }
  for (let k = tail; k > 0; k -= 1) pairs.push([before.length - k, after.length - k]);
  return pairs;
}

/**
 * The keys of `afterHtml`'s paragraphs, carried from `before` (the chapter's paragraphs and
 * keys as stored) by the rules of decision 021:
 * 1. unchanged text keeps its key (a longest common subsequence of the paragraphs);
 * 2. between two such paragraphs, an old and a new one left over are paired in order when
 *    their words stay alike (an edited paragraph);
 * 3. a paragraph moved elsewhere unchanged keeps its key (an exact twin among those left);
 * 4. anything else gets a fresh key; an old key left over is dropped, never reused.
 */
export function alignParagraphKeys(
  before: { texts: string[]; keys: string[] },
  afterHtml: string,
  freshKey: () => string = newParagraphKey,
): { keys: string[]; texts: string[] } {
  const texts = paragraphsOfHtml(afterHtml).map(paragraphText);
  const keys: Array<string | undefined> = texts.map(() => undefined);
  const oldUsed = new Array<boolean>(before.texts.length).fill(false);
  const anchors = sameTextPairs(before.texts, texts);
  for (const [i, j] of anchors) {
    keys[j] = before.keys[i];
    oldUsed[i] = true;
  }
  // Rule 2, gap by gap: the old and new paragraphs between consecutive anchors. Each
  // paragraph's words are taken once, not at every comparison.
  const oldWords = before.texts.map((text, i) => (oldUsed[i] ? null : wordsOf(text)));
  const newWords = texts.map((text, j) => (keys[j] === undefined ? wordsOf(text) : null));
  const bounds: Array<[number, number]> = [
    [-1, -1],
    ...anchors,
    [before.texts.length, texts.length],
  ];
  for (let g = 0; g + 1 < bounds.length; g += 1) {
    const [oldFrom, newFrom] = bounds[g]!;
    const [oldTo, newTo] = bounds[g + 1]!;
    let oldNext = oldFrom + 1;
    for (let j = newFrom + 1; j < newTo; j += 1) {
      for (let i = oldNext; i < oldTo; i += 1) {
        const [left, right] = [oldWords[i]!, newWords[j]!];
        if (left.size < WORDS_TO_RECOGNISE || right.size < WORDS_TO_RECOGNISE) continue;
        if (dice(before.texts[i]!, left, texts[j]!, right) >= ALIKE) {
          keys[j] = before.keys[i];
          oldUsed[i] = true;
          oldNext = i + 1;
          break;
        }
      }
    }
  }
  // Rule 3: moved paragraphs, the first unused exact twin of each.
  const leftOver = positionsOf(before.texts, (i) => oldUsed[i]!);
  texts.forEach((text, j) => {
    if (keys[j] !== undefined) return;
    const i = leftOver.get(text)?.shift();
    if (i !== undefined) keys[j] = before.keys[i];
  });
  return { keys: keys.map((key) => key ?? freshKey()), texts };
}

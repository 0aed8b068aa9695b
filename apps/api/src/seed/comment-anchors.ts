import { COMMENT_LIMITS, paragraphsOfHtml } from '@storyloom/shared';
import { paragraphText } from '../modules/comments/anchors.js';
import type { CommentedChapter } from './comments.js';
import type { Rng } from './random.js';

/**
 * Seeded chapters' paragraph keys and comments' excerpts, made the way the comments service makes
 * them (docs/decisions/021-comment-anchors.md) but from the seed's generator, so a library is
 * the same every time.
 */

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A paragraph key as the API makes them (8 base64url characters), from the generator. */
function paragraphKey(rng: Rng): string {
  let key = '';
  for (let i = 0; i < 8; i++) key += KEY_ALPHABET[Math.floor(rng.next() * 64)];
  return key;
}

/** The start of a paragraph's text as the comments service stores it (excerptOf in modules/comments/service.ts). */
function excerptOf(paragraphHtml: string): string {
  const text = paragraphText(paragraphHtml);
  return text.length <= COMMENT_LIMITS.excerptMax
    ? text
    : `${text.slice(0, COMMENT_LIMITS.excerptMax - 1).trimEnd()}…`;
}

/** Paragraphs of one chapter and their keys, made when its first paragraph comment is. */
export class Anchors {
  private paragraphs: string[] | null = null;
  private keys: string[] = [];
  private hot = 0;
  private readonly excerpts = new Map<number, string>();

  constructor(private readonly chapter: CommentedChapter) {}

  /** A paragraph's key and excerpt, or null when the chapter has no paragraphs. */
  pick(rng: Rng): { key: string; excerpt: string } | null {
    if (this.paragraphs === null) {
      this.paragraphs = paragraphsOfHtml(this.chapter.row.content);
      const keys = new Set<string>();
      while (keys.size < this.paragraphs.length) keys.add(paragraphKey(rng));
      this.keys = [...keys];
      this.hot = rng.int(0, Math.max(0, this.paragraphs.length - 1));
      if (this.keys.length > 0) this.chapter.row.paragraph_keys = JSON.stringify(this.keys);
    }
    if (this.paragraphs.length === 0) return null;
    const p = rng.chance(0.5) ? this.hot : rng.int(0, this.paragraphs.length - 1);
    let excerpt = this.excerpts.get(p);
    if (excerpt === undefined) {
      excerpt = excerptOf(this.paragraphs[p]!);
      this.excerpts.set(p, excerpt);
    }
    return { key: this.keys[p]!, excerpt };
  }
}

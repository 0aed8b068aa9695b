/**
 * A comment's plain text as the pieces the reader shows: text (line breaks kept), web links
 * and `@username` mentions. Pure, so the rules are tested alone; comment-body.tsx turns the
 * pieces into React elements (never HTML).
 */
export type CommentToken =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; username: string };

/**
 * A link starts at http:// or https:// (not glued to a word before it) and runs to the next
 * space; a mention is `@` and a username (3 to 30 of A–Z, 0–9, _ and -, the account rule),
 * not after a letter, digit or dot (so an email address is no mention).
 */
const PIECE =
  /(?<![\p{L}\p{N}])(https?:\/\/[^\s<>"]+)|(?<![\p{L}\p{N}_.@/-])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_-])/giu;

/** Punctuation that ends a sentence rather than a link ("see https://x.org." ). */
const TRAILING = /[.,;:!?'"’”»…*]+$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** The link without what closes the sentence around it: trailing punctuation, an unopened bracket. */
function trimLink(raw: string): string {
  let link = raw;
  for (;;) {
    const before = link;
    link = link.replace(TRAILING, '');
    const last = link.at(-1);
    const opener = last ? CLOSERS[last] : undefined;
    if (opener && count(link, last!) > count(link, opener)) link = link.slice(0, -1);
    if (link === before) return link;
  }
}

/** An absolute http(s) address with a host, or null. */
function webAddress(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? text : null;
  } catch {
    return null;
  }
}

export function tokenizeComment(body: string): CommentToken[] {
  const tokens: CommentToken[] = [];
  let text = '';
  let last = 0;
  const flush = () => {
    if (text) tokens.push({ kind: 'text', text });
    text = '';
  };
  for (const match of body.matchAll(PIECE)) {
    const start = match.index;
    text += body.slice(last, start);
    last = start;
    const [whole, rawLink, username] = match;
    if (rawLink) {
      const link = trimLink(rawLink);
      const href = webAddress(link);
      if (href) {
        flush();
        tokens.push({ kind: 'link', text: link, href });
        last = start + link.length;
      }
      // Otherwise the text stays as it is, picked up with the next piece.
    } else if (username) {
      flush();
      tokens.push({ kind: 'mention', text: whole, username });
      last = start + whole.length;
    }
  }
  text += body.slice(last);
  flush();
  return tokens;
}

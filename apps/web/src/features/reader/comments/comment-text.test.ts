import { describe, expect, it } from 'vitest';
import { tokenizeComment } from './comment-text';

const link = (text: string, href = text) => ({ kind: 'link', text, href });
const mention = (username: string) => ({ kind: 'mention', text: `@${username}`, username });
const text = (value: string) => ({ kind: 'text', text: value });

describe('tokenizeComment', () => {
  it('keeps plain text, line breaks and spaces as they are', () => {
    expect(tokenizeComment('First line\n\n  second line ')).toEqual([
      text('First line\n\n  second line '),
    ]);
    expect(tokenizeComment('')).toEqual([]);
  });

  it('finds http and https links and leaves the sentence’s punctuation outside', () => {
    expect(tokenizeComment('See https://example.org/a?b=1#c. And http://x.io, too!')).toEqual([
      text('See '),
      link('https://example.org/a?b=1#c'),
      text('. And '),
      link('http://x.io'),
      text(', too!'),
    ]);
    expect(tokenizeComment('(read https://en.wikipedia.org/wiki/Foo_(bar)) now')).toEqual([
      text('(read '),
      link('https://en.wikipedia.org/wiki/Foo_(bar)'),
      text(') now'),
    ]);
    expect(tokenizeComment('“https://example.org/x”')).toEqual([
      text('“'),
      link('https://example.org/x'),
      text('”'),
    ]);
  });

  it('makes links of web addresses only', () => {
    for (const body of [
      'javascript:alert(1)',
      'ftp://example.org/file',
      'data:text/html,<b>x</b>',
      'http://',
      'xhttps://example.org',
      'www.example.org',
    ]) {
      expect(tokenizeComment(body)).toEqual([text(body)]);
    }
  });

  it('finds @mentions of valid usernames, not email addresses', () => {
    expect(tokenizeComment('@jane_doe loved it, @ab too. Thanks @Mr-Fox!')).toEqual([
      mention('jane_doe'),
      text(' loved it, @ab too. Thanks '),
      mention('Mr-Fox'),
      text('!'),
    ]);
    expect(tokenizeComment('mail jo@example.com or (@sam)')).toEqual([
      text('mail jo@example.com or ('),
      mention('sam'),
      text(')'),
    ]);
    // Longer than a username may be: not a mention at all.
    const long = `@${'a'.repeat(31)}`;
    expect(tokenizeComment(long)).toEqual([text(long)]);
  });

  it('leaves a mention inside a link to the link', () => {
    expect(tokenizeComment('https://example.org/@jane and @jane')).toEqual([
      link('https://example.org/@jane'),
      text(' and '),
      mention('jane'),
    ]);
  });

  it('keeps every character: the pieces join back to the text', () => {
    const body = 'Hi @kai,\nhttps://a.b/c?d=(1)). <script>alert(1)</script> @x @@yyy';
    const joined = tokenizeComment(body)
      .map((token) => token.text)
      .join('');
    expect(joined).toBe(body);
  });
});

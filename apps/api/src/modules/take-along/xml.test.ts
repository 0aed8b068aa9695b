import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fileStem, languageTag } from './book.js';
import { chapterXhtml, xmlDateTime, xmlText } from './xml.js';

const wellFormed = (fragment: string) =>
  XMLValidator.validate(`<body xmlns="http://www.w3.org/1999/xhtml">${fragment}</body>`);

describe('XML for the files we write', () => {
  it('escapes the significant characters and drops what XML 1.0 forbids', () => {
    expect(xmlText(`Tom's "Big" <b> & \u0001\u0008 \uD800 ok \uD83D\uDE00`)).toBe(
      'Tom&apos;s &quot;Big&quot; &lt;b&gt; &amp;   ok \uD83D\uDE00',
    );
  });

  it('writes dates as EPUB and Atom want them: UTC, to the second', () => {
    expect(xmlDateTime('2026-11-26T21:09:39.123Z')).toBe('2026-11-26T21:09:39Z');
  });

  it('turns stored chapter HTML into well-formed XHTML, keeping only the editor’s tags', () => {
    const out = chapterXhtml(
      '<p>One &amp; <b>two</b><br>three&nbsp;é</p><p></p><script>x()</script><img src=x onerror=y><blockquote><p>q</p></blockquote>\u000B',
    );
    expect(wellFormed(out)).toBe(true);
    expect(out).toContain('<strong>two</strong><br/>three');
    expect(out).not.toMatch(/script|img|onerror/);
  });

  it('keeps unclosed and odd markup well-formed', () => {
    for (const html of [
      '<p>open',
      '<p><em>a<strong>b</em>c</p>',
      'plain\n\ntext',
      '<br><br>',
      '',
    ]) {
      expect(wellFormed(chapterXhtml(html))).toBe(true);
    }
  });
});

describe('book names', () => {
  it('makes a file name of the title’s letters and digits', () => {
    expect(fileStem('Salt & <Ash>: “Émber” 2')).toBe('salt-ash-ember-2');
    expect(fileStem('“…”')).toBe('story');
    expect(fileStem('a'.repeat(200))).toHaveLength(80);
  });

  it('tags the story’s language for the EPUB', () => {
    expect(languageTag('Portuguese')).toBe('pt');
    expect(languageTag('Other')).toBe('und');
  });
});

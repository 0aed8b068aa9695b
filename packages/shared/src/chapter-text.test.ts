import { describe, expect, it } from 'vitest';
import {
  countWords,
  isBlankHtml,
  paragraphsOfHtml,
  readingMinutes,
  textOfHtml,
  wordCountOfHtml,
} from './chapter-text.js';

describe('chapter text', () => {
  it('counts the words a reader sees', () => {
    expect(
      wordCountOfHtml('<p>One <strong>two</strong> three-four</p><p>five&nbsp;six — 7</p>'),
    ).toBe(6);
    expect(wordCountOfHtml('<p>ünïcödé wörds</p><br>')).toBe(2);
    expect(countWords(' — ! ')).toBe(0);
  });

  it('keeps a word whole across bold, italic and underline', () => {
    expect(textOfHtml('<p>The <strong>glass</strong>apples</p>')).toBe(' The glassapples ');
    expect(wordCountOfHtml('<p>The <strong>glass</strong>apples</p>')).toBe(2);
    expect(wordCountOfHtml('<p>un<em>be</em><u>liev</u><b>a</b><i>ble</i></p>')).toBe(1);
    expect(wordCountOfHtml('<p>The <strong>glass</strong> apples</p>')).toBe(3);
  });

  it('separates words at paragraphs, line breaks and quotes', () => {
    expect(wordCountOfHtml('<p>a</p><p>b</p>')).toBe(2);
    expect(wordCountOfHtml('<p>a<br>b</p>')).toBe(2);
    expect(wordCountOfHtml('<p>a</p><blockquote><p>b</p></blockquote>c')).toBe(3);
    // Tags whose names only start like an inline one are not inline.
    expect(wordCountOfHtml('a<br/>b<blockquote>c</blockquote>')).toBe(3);
  });

  it('decodes entities', () => {
    expect(textOfHtml('a &amp; b &lt;c&gt; &#39;d&#39; &quot;e&quot; &#x;')).toBe(
      `a & b <c> 'd' "e" &#x;`,
    );
    expect(textOfHtml('&#128214;&#9999999;')).toBe('📖');
  });

  it('sees blank content through empty markup', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p><br></p><p>&nbsp;</p>',
      '<p><strong> </strong></p>',
    ])
      expect(isBlankHtml(html)).toBe(true);
    expect(isBlankHtml('<p><em>x</em></p>')).toBe(false);
  });

  it('sees empty paragraphs and spaces as no content', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p><p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>Once</p>')).toBe(false);
  });
});

describe('readingMinutes', () => {
  it('rounds up at 250 words a minute, and is 0 for nothing', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(250)).toBe(1);
    expect(readingMinutes(251)).toBe(2);
    expect(readingMinutes(90_000)).toBe(360);
  });
});

describe('paragraphsOfHtml', () => {
  it('gives each top-level paragraph and quote, in order, as its HTML', () => {
    expect(
      paragraphsOfHtml(
        '<p>One <em>two</em></p><blockquote><p>Three</p><p>four</p></blockquote><p>Five<br>six</p>',
      ),
    ).toEqual([
      '<p>One <em>two</em></p>',
      '<blockquote><p>Three</p><p>four</p></blockquote>',
      '<p>Five<br>six</p>',
    ]);
  });

  it('leaves out blocks without visible text and keeps bare text between blocks', () => {
    expect(
      paragraphsOfHtml('<p></p><p>A</p><p> <br> </p>  loose <strong>words</strong> <p>B</p>\n'),
    ).toEqual(['<p>A</p>', 'loose <strong>words</strong>', '<p>B</p>']);
    expect(paragraphsOfHtml('')).toEqual([]);
    expect(paragraphsOfHtml('just text')).toEqual(['just text']);
  });

  it('reads an unclosed block to the end and ignores a stray closing tag', () => {
    expect(paragraphsOfHtml('<p>A</p><p>B and the rest')).toEqual([
      '<p>A</p>',
      '<p>B and the rest',
    ]);
    expect(paragraphsOfHtml('</p><p>A</p>')).toEqual(['<p>A</p>']);
  });
});

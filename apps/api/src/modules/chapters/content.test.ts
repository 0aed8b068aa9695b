import { LIMITS } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { prepareContent, sanitizeChapterHtml } from './content.js';

/** Nothing executable may survive: no tag but the allowlist, no attribute at all. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(?!\/?(p|br|strong|em|u|blockquote)\b)[a-z]/i);
  expect(html).not.toMatch(/<[a-z]+\s+[^>]*=/i);
  expect(html.toLowerCase()).not.toMatch(/javascript:|onerror|onload|<script|<svg|<iframe/);
}

describe('sanitizeChapterHtml', () => {
  it('keeps what the editor makes and maps b/i to strong/em', () => {
    expect(
      sanitizeChapterHtml(
        '<p>A <b>bold</b>, <i>slanted</i>, <u>underlined</u> line<br>and more</p><blockquote><p>Quoted</p></blockquote><p><strong>s</strong><em>e</em></p>',
      ),
    ).toBe(
      '<p>A <strong>bold</strong>, <em>slanted</em>, <u>underlined</u> line<br />and more</p><blockquote><p>Quoted</p></blockquote><p><strong>s</strong><em>e</em></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>after</p>', '<p>after</p>'],
    ['<p>hi<script src="//evil.example/x.js"></script></p>', '<p>hi</p>'],
    ['<img src=x onerror=alert(1)>caption', 'caption'],
    ['<a href="javascript:alert(1)">click me</a>', 'click me'],
    ['<a href="JaVaScRiPt:alert(1)" onclick="x()">x</a>', 'x'],
    ['<svg onload=alert(1)><circle r="5"/><script>alert(2)</script></svg>tail', 'tail'],
    ['<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>', ''],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<p style="background:url(javascript:alert(1))" class="c" id="i">styled</p>', '<p>styled</p>'],
    ['<strong onmouseover="alert(1)">hover</strong>', '<strong>hover</strong>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<math><mtext><script>alert(1)</script></mtext></math>ok', 'ok'],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<details open ontoggle=alert(1)>d</details>', 'd'],
    ['<form action="javascript:alert(1)"><input value="x"><button>b</button></form>', 'b'],
    ['<!--<script>alert(1)</script>--><p>c</p>', '<p>c</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    [
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ],
    ['<template><script>alert(1)</script></template>t', 't'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">m', 'm'],
    ['<base href="javascript://"><p>b</p>', '<p>b</p>'],
  ])('neutralises %s', (input, expected) => {
    const output = sanitizeChapterHtml(input);
    expect(output).toBe(expected);
    expectInert(output);
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(sanitizeChapterHtml('First line\nsecond line\n\nNew & <3 para')).toBe(
      '<p>First line<br />second line</p><p>New &amp; &lt;3 para</p>',
    );
  });
});

describe('prepareContent', () => {
  it('counts the words a reader sees', () => {
    const content = prepareContent(
      '<p>One <strong>two</strong> three-four</p><p>five&nbsp;six — 7</p>',
    );
    expect(content.wordCount).toBe(6);
    expect(content.blank).toBe(false);
    expect(prepareContent('<p>The <strong>glass</strong>apples</p>').wordCount).toBe(2);
  });

  it('sees blank content through empty markup and stripped scripts', () => {
    for (const html of ['', '   ', '<p></p>', '<p><br></p><p>&nbsp;</p>', '<script>x()</script>']) {
      expect(prepareContent(html)).toMatchObject({ blank: true, wordCount: 0 });
    }
  });

  it('measures the limit on the sanitized HTML', () => {
    const inert = `<p>${'<span>'.repeat(10)}word</p>`.repeat(20_000);
    expect(inert.length).toBeGreaterThan(LIMITS.chapterContentMax);
    expect(prepareContent(inert).tooLong).toBe(false);
    expect(prepareContent(`<p>${'x'.repeat(LIMITS.chapterContentMax)}</p>`).tooLong).toBe(true);
  });
});

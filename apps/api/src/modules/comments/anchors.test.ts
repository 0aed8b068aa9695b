import { describe, expect, it } from 'vitest';
import { alignParagraphKeys, likeness, paragraphText } from './anchors.js';

const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/** Keys k0, k1, … for the stored paragraphs, and fresh keys n0, n1, … in the order asked. */
function align(before: string[], after: string) {
  let fresh = 0;
  return alignParagraphKeys(
    { texts: before.map(paragraphText), keys: before.map((_, i) => `k${i}`) },
    after,
    () => `n${fresh++}`,
  ).keys;
}

const A = 'The lighthouse keeper counted ships every night.';
const B = 'Nobody had written to her in eleven years.';
const C = 'Then, one morning, a letter came with the tide.';
const D = 'It was addressed to someone who had died.';

describe('paragraph keys across an edit', () => {
  it('keeps every key when nothing changed', () => {
    expect(align([A, B, C], html(A, B, C))).toEqual(['k0', 'k1', 'k2']);
  });

  it('keeps keys on their text when a paragraph is inserted above (no comment slides down)', () => {
    expect(align([A, B, C], html(D, A, B, C))).toEqual(['n0', 'k0', 'k1', 'k2']);
    expect(align([A, B, C], html(A, D, B, C))).toEqual(['k0', 'n0', 'k1', 'k2']);
  });

  it('keeps the key of an edited paragraph whose words stay alike', () => {
    const edited = 'Nobody had written to her in twelve long years.';
    expect(likeness(B, edited)).toBeGreaterThanOrEqual(0.5);
    expect(align([A, B, C], html(A, edited, C))).toEqual(['k0', 'k1', 'k2']);
    // Formatting and spacing are not edits of the text.
    expect(
      align([A, B, C], html(A, `<strong>Nobody</strong>  had written to her in eleven years.`, C)),
    ).toEqual(['k0', 'k1', 'k2']);
  });

  it('does not take one short line for another edited: a line of few words must stay as it was', () => {
    const yes = '"Yes," he said.';
    const no = '"No," he said.';
    expect(likeness(yes, no)).toBeGreaterThanOrEqual(0.5);
    expect(align([A, yes, C], html(A, no, C))).toEqual(['k0', 'n0', 'k2']);
  });

  it('gives a rewritten paragraph a new key and drops the old one', () => {
    const rewritten = 'A gull screamed over the empty harbour.';
    expect(likeness(B, rewritten)).toBeLessThan(0.5);
    expect(align([A, B, C], html(A, rewritten, C))).toEqual(['k0', 'n0', 'k2']);
  });

  it('drops the key of a deleted paragraph and keeps the others', () => {
    expect(align([A, B, C], html(A, C))).toEqual(['k0', 'k2']);
    expect(align([A, B, C], html(B, C))).toEqual(['k1', 'k2']);
  });

  it('keeps the key of a paragraph moved elsewhere unchanged', () => {
    expect(align([A, B, C, D], html(B, C, D, A))).toEqual(['k1', 'k2', 'k3', 'k0']);
  });

  it('tells identical paragraphs apart by their order', () => {
    expect(align([A, A, B], html(A, D, A, B))).toEqual(['k0', 'n0', 'k1', 'k2']);
    expect(align([A, A, B], html(A, B))).toEqual(['k0', 'k2']);
  });

  it('numbers only paragraphs with visible text, quotes and bare text included', () => {
    const keys = alignParagraphKeys(
      { texts: [], keys: [] },
      `${html(A)}<p></p><p> <br> </p><blockquote><p>${B}</p><p>${C}</p></blockquote>loose words${html(D)}`,
      (() => {
        let n = 0;
        return () => `n${n++}`;
      })(),
    );
    expect(keys.texts).toEqual([A, `${B} ${C}`, 'loose words', D]);
    expect(keys.keys).toEqual(['n0', 'n1', 'n2', 'n3']);
  });

  it('aligns chapters too long for the full alignment on exact text, in order', () => {
    const many = Array.from({ length: 2_100 }, (_, i) => `Line ${i} of a very long chapter.`);
    const edited = [...many.slice(0, 1_000), 'Inserted.', ...many.slice(1_000).reverse()];
    const keys = align(many, html(...edited));
    expect(keys.slice(0, 1_000)).toEqual(many.slice(0, 1_000).map((_, i) => `k${i}`));
    expect(keys[1_000]).toBe('n0');
    // Reversed, the rest cannot all stay in order: each keeps its own key all the same
    // (in order where it can, moved otherwise), and no key is given twice.
    expect(keys.slice(1_001)).toEqual(
      many
        .slice(1_000)
        .map((_, i) => `k${1_000 + i}`)
        .reverse(),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});

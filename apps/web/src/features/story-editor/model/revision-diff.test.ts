import { describe, expect, it } from 'vitest';
import { chapterPlainText, compareRevision } from './revision-diff';

describe('chapterPlainText', () => {
  it('reads paragraphs apart, line breaks as lines, inline formatting joined', () => {
    expect(
      chapterPlainText('<p>The <strong>tide</strong> came</p><p>in &amp; out<br>again</p><p> </p>'),
    ).toBe('The tide came\n\nin & out\nagain');
  });
});

describe('compareRevision', () => {
  it('marks the words removed in the revision and the words added in the current text', () => {
    const result = compareRevision(
      '<p>The tide came in slowly.</p>',
      '<p>The tide went out slowly.</p>',
    );
    expect(result.before.filter((run) => run.changed).map((run) => run.text.trim())).toEqual([
      'came in',
    ]);
    expect(result.after.filter((run) => run.changed).map((run) => run.text.trim())).toEqual([
      'went out',
    ]);
    expect(result).toMatchObject({ added: 2, removed: 2 });
    expect(result.before.map((run) => run.text).join('')).toBe('The tide came in slowly.');
    expect(result.after.map((run) => run.text).join('')).toBe('The tide went out slowly.');
  });

  it('finds nothing changed between equal texts', () => {
    const result = compareRevision('<p>Same words</p>', '<p>Same <em>words</em></p>');
    expect(result).toMatchObject({ added: 0, removed: 0 });
    expect(result.after.every((run) => !run.changed)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesAccept, validateFile } from './file-upload-rules';

const MB = 1024 * 1024;

describe('upload widget checks', () => {
  it('refuses files over the size limit with the spec message', () => {
    expect(validateFile({ name: 'a.png', type: 'image/png', size: 5 * MB + 1 })).toBe(
      'File size must be less than 5MB',
    );
    expect(validateFile({ name: 'a.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(validateFile({ name: 'a.png', type: 'image/png', size: 3 * MB }, { maxSizeMb: 2 })).toBe(
      'File size must be less than 2MB',
    );
  });

  it('takes images only by default', () => {
    expect(validateFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'File type not supported',
    );
    expect(validateFile({ name: 'cover', type: '', size: 10 })).toBe('File type not supported');
    expect(validateFile({ name: 'c.webp', type: 'image/webp', size: 10 })).toBeNull();
  });

  it('matches MIME types, wildcards and extensions', () => {
    const pdf = { name: 'Book.PDF', type: 'application/pdf' };
    expect(matchesAccept(pdf, '.pdf')).toBe(true);
    expect(matchesAccept(pdf, 'application/pdf, image/*')).toBe(true);
    expect(matchesAccept(pdf, 'image/*')).toBe(false);
    expect(matchesAccept(pdf, '')).toBe(true);
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coverThumbOf } from './covers.js';
import { createLocalStorage } from './storage.js';

const root = mkdtempSync(join(tmpdir(), 'storyloom-media-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

describe('local media storage', () => {
  it('writes, maps URLs both ways and prunes emptied directories on remove', async () => {
    await storage.put('covers/abc-123/name-lg.webp', Buffer.from('x'));
    expect(readFileSync(join(root, 'covers/abc-123/name-lg.webp'), 'utf8')).toBe('x');
    const url = storage.publicUrl('covers/abc-123/name-lg.webp');
    expect(url).toBe('/media/covers/abc-123/name-lg.webp');
    expect(storage.keyOf(url)).toBe('covers/abc-123/name-lg.webp');
    await storage.remove('covers/abc-123/name-lg.webp');
    await storage.remove('covers/abc-123/name-lg.webp');
    expect(existsSync(join(root, 'covers/abc-123'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });

  it.each([
    '../outside.webp',
    'covers/../../etc/passwd',
    '/etc/passwd',
    'covers/UPPER.webp',
    'covers/a b.webp',
    'covers/noext',
  ])('refuses the key %s', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
  });

  it('does not claim foreign or malformed URLs', () => {
    for (const url of [
      'https://evil.example/media/x.webp',
      '/media/../x.webp',
      '/avatars/x.webp',
      '',
    ]) {
      expect(storage.keyOf(url)).toBeNull();
    }
    expect(coverThumbOf('/media/covers/s/n-lg.webp')).toBe('/media/covers/s/n-sm.webp');
    expect(coverThumbOf(null)).toBeNull();
  });
});

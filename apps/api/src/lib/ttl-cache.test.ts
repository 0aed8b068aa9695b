import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('computes a key once per time-to-live and shares a running computation', async () => {
    let now = 0;
    let runs = 0;
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', compute)).toBe(1);
    now = 1_000;
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('keeps no failure and drops the oldest entries past its size', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y1');
    await cache.get('z', async () => 'z1');
    expect(await cache.get('x', async () => 'again')).toBe('again');
    expect(await cache.get('z', async () => 'z2')).toBe('z1');
  });

  it('updates a kept value in place and keeps no computation that an update overtook', async () => {
    const cache = new TtlCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get('n', async () => 5);
    cache.update('n', (v) => v + 1);
    expect(await cache.get('n', async () => 0)).toBe(6);
    let finish: (value: number) => void = () => {};
    const running = cache.get('m', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.update('m', (v) => v + 1);
    finish(7);
    expect(await running).toBe(7);
    expect(await cache.get('m', async () => 8)).toBe(8);
  });

  it('keeps only what keep accepts, and forgets everything on clear', async () => {
    let runs = 0;
    const cache = new TtlCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      keep: (value) => value !== 'busy',
    });
    expect(await cache.get('a', async () => (++runs === 1 ? 'busy' : 'page'))).toBe('busy');
    expect(await cache.get('a', async () => (++runs === 1 ? 'busy' : 'page'))).toBe('page');
    expect(await cache.get('a', async () => 'other')).toBe('page');
    let release: (value: string) => void = () => {};
    const running = cache.get('b', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await running).toBe('stale');
    expect(await cache.get('a', async () => 'fresh a')).toBe('fresh a');
    expect(await cache.get('b', async () => 'fresh b')).toBe('fresh b');
  });

  it('keeps values up to a total size, the least recently stored going first', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes: 10, sizeOf: (v) => v.length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    await cache.get('c', async () => 'cccc');
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    expect(await cache.get('a', async () => 'again')).toBe('again');
    expect(await cache.get('c', async () => 'other')).toBe('cccc');
    // Too big to keep at all: answered, and nothing else is pushed out for it.
    expect(await cache.get('big', async () => 'x'.repeat(11))).toBe('x'.repeat(11));
    expect(cache.size.bytes).toBeLessThanOrEqual(10);
    expect(await cache.get('c', async () => 'other')).toBe('cccc');
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('forgets one key on delete, and keeps no computation of it that the delete overtook', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.delete('a');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    let finish: (value: string) => void = () => {};
    const running = cache.get('c', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete('c');
    finish('c1');
    expect(await running).toBe('c1');
    expect(await cache.get('c', async () => 'c2')).toBe('c2');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createForeground } from './foreground.js';

/** Whether `promise` has settled after a turn of the event loop (fake timers: after none). */
const settled = async (promise: Promise<void>, turn = true) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  if (turn) await new Promise((resolve) => setImmediate(resolve));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('createForeground', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a lull after one turn of the event loop when no request is in flight', async () => {
    const foreground = createForeground();
    expect(foreground.busy).toBe(0);
    expect(await settled(foreground.lull(), false)).toBe(false);
    expect(await settled(foreground.lull())).toBe(true);
  });

  it('waits for a request that began during that turn', async () => {
    const foreground = createForeground(60_000);
    const lull = foreground.lull();
    const end = foreground.enter();
    expect(await settled(lull)).toBe(false);
    end();
    expect(await settled(lull)).toBe(true);
  });

  it('waits for the last request in flight to end', async () => {
    const foreground = createForeground(60_000);
    const first = foreground.enter();
    const second = foreground.enter();
    const lull = foreground.lull();
    first();
    expect(foreground.busy).toBe(1);
    expect(await settled(lull)).toBe(false);
    second();
    expect(foreground.busy).toBe(0);
    expect(await settled(lull)).toBe(true);
  });

  it('counts a request once however often it ends', async () => {
    const foreground = createForeground(60_000);
    const other = foreground.enter();
    const end = foreground.enter();
    end();
    end();
    expect(foreground.busy).toBe(1);
    expect(await settled(foreground.lull())).toBe(false);
    other();
    expect(foreground.busy).toBe(0);
  });

  it('stops waiting after maxMs under constant load, and forgets the waiter', async () => {
    vi.useFakeTimers();
    const foreground = createForeground(50);
    const end = foreground.enter();
    const lull = foreground.lull();
    vi.advanceTimersByTime(49);
    expect(await settled(lull, false)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(lull, false)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const shorter = foreground.lull(10);
    vi.advanceTimersByTime(10);
    expect(await settled(shorter, false)).toBe(true);
    end();
    expect(foreground.busy).toBe(0);
  });
});

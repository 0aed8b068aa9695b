import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { waitFor } from '../../test/jobs.js';
import { call } from '../../test/stories.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_FACTOR: '100', NOTIFY_UNDO_WINDOW_MS: '0', NOTIFY_STREAM_POLL_MS: '60000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Event {
  id?: string;
  event: string;
  data: unknown;
}

/** An open stream: its events as they arrive, and a way to wait for the next few. */
async function open(auth: { authorization: string }, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: Event[] = [];
  const waiters: (() => void)[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          events.push({
            id: fields.get('id'),
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data')!),
          });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    events,
    async next(n: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${events.length} of ${n} events`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return events.slice(0, n);
    },
    close: () => controller.abort(),
  };
}

const newUser = () => createUser(t.testDb.db, t.config);

describe('the notification stream', () => {
  it('sends the count, then each new notification at once, and resumes after Last-Event-ID without loss or repeat', async () => {
    const mira = await newUser();
    const fans = await Promise.all([newUser(), newUser(), newUser()]);
    const stream = await open(mira.auth);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [opened] = await stream.next(1);
    expect(opened).toEqual({ id: '0', event: 'count', data: { count: 0 } });

    await call(t, 'POST', `/users/${mira.user.username}/follow`, fans[0]!.auth);
    const [, first] = await stream.next(2);
    expect(first).toMatchObject({
      event: 'notification',
      data: {
        notification: { type: 'follow', actors: [{ id: fans[0]!.user.id }] },
        unread_count: 1,
      },
    });
    expect(first!.id).toMatch(/^\d+$/);
    stream.close();

    // Two more while no stream is open: the next one gets both, in order, and nothing again.
    await call(t, 'POST', `/users/${mira.user.username}/follow`, fans[1]!.auth);
    await call(t, 'POST', `/users/${mira.user.username}/follow`, fans[2]!.auth);
    await waitFor(
      async () =>
        (await call(t, 'GET', '/notifications/unread-count', mira.auth)).body.data.count === 3,
    );
    const resumed = await open(mira.auth, first!.id);
    const events = await resumed.next(3);
    expect(events[0]).toEqual({ id: first!.id, event: 'count', data: { count: 3 } });
    expect(
      events
        .slice(1)
        .map(
          (e) =>
            (e.data as { notification: { actors: { id: string }[] } }).notification.actors[0]!.id,
        ),
    ).toEqual([fans[1]!.user.id, fans[2]!.user.id]);
    expect(Number(events[2]!.id)).toBeGreaterThan(Number(events[1]!.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed.events).toHaveLength(3);

    // Read elsewhere: the open stream hears the new count.
    await call(t, 'POST', '/notifications/read', mira.auth, {});
    const [, , , counted] = await resumed.next(4);
    expect(counted).toEqual({ id: undefined, event: 'count', data: { count: 0 } });
    resumed.close();
  });

  it('refuses a malformed Last-Event-ID and a visitor', async () => {
    const mira = await newUser();
    const bad = await fetch(`${base}/api/notifications/stream`, {
      headers: { ...mira.auth, 'last-event-id': 'yesterday' },
    });
    expect(bad.status).toBe(400);
    const visitor = await fetch(`${base}/api/notifications/stream`);
    expect(visitor.status).toBe(401);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeAfterRequests } from './app.js';

describe('closing the app', () => {
  it('closes the database only after the requests in flight are answered', async () => {
    const app = Fastify();
    const events: string[] = [];
    closeAfterRequests(app, async () => {
      events.push('database closed');
    });
    let release: (() => void) | undefined;
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      events.push('answered');
      return { ok: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = fetch(`${address}/slow`, { headers: { connection: 'close' } });
    while (!release) await new Promise((r) => setTimeout(r, 5));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]);
    release();
    expect((await response).status).toBe(200);
    await closing;
    expect(events).toEqual(['answered', 'database closed']);
  });
});

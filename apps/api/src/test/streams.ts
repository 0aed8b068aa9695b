import type { OutgoingHttpHeaders } from 'node:http';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

/**
 * Routes whose success answer is an endless `text/event-stream`: `inject()` would wait for its
 * end forever. Tests that call every route take the status, headers and the first event of
 * these as the answer (`injectOrStream`), then hang up.
 */
export const STREAM_ROUTES = new Set(['GET /api/notifications/stream']);

export interface Answer {
  statusCode: number;
  body: string;
  headers: OutgoingHttpHeaders;
}

/** `inject()`, except that a stream route's answer ends after its first event. */
export async function injectOrStream(
  t: TestApp,
  pattern: string,
  options: InjectOptions & { method: string; url: string },
): Promise<Answer> {
  if (!STREAM_ROUTES.has(`${options.method.toUpperCase()} ${pattern}`)) {
    const res = await t.app.inject(options);
    return { statusCode: res.statusCode, body: res.body, headers: res.headers };
  }
  const controller = new AbortController();
  const res = await t.app.inject({ ...options, payloadAsStream: true, signal: controller.signal });
  let body = '';
  try {
    for await (const chunk of res.stream()) {
      body += String(chunk);
      if (body.includes('\n\n')) break;
    }
  } finally {
    controller.abort();
  }
  return { statusCode: res.statusCode, body, headers: res.headers };
}

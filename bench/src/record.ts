import { closeSync, openSync, writeSync } from 'node:fs';
import { newVisitor, send } from './http.js';
import type { BenchRequest, Endpoint, RecordedResponse } from './types.js';

/** Set per connection by whichever server answers; never replayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);
const CONCURRENCY = 4;
/**
 * Pages are recorded one at a time: the server answers a page with the bare app shell while its
 * event loop is late, and renders queued behind each other make it late. So the ceiling replays
 * rendered pages, as a visitor should get them.
 */
const PAGE_CONCURRENCY = 1;
/** New visitors while recording count down, across the run: never a number a load uses. */
let visitors = 0;

export const requestKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

export interface Recording {
  /** The endpoint's distinct requests. */
  distinct: number;
  /** Those sent (each once): all of them, or the first `limit`. */
  sent: number;
  /** Mean body bytes. */
  responseBytes: number;
  /** Recorded answers outside 2xx, e.g. `404 GET /api/stories/…: Story not found`. */
  failures: string[];
  /** Answers marked `x-server-rendered: false`: a page answered with the bare app shell. */
  shells: number;
  /** The answers, one RecordedResponse as JSON a line; null when not kept. */
  file: string | null;
}

/**
 * Sends each distinct request of the endpoint once, or only the first `limit` of them (also
 * warming the server up) and, when given a file, keeps the answers there byte for byte: status,
 * every end-to-end header, the body, one JSON line each (so a recording of thousands of pages
 * never has to fit in one string).
 */
export async function record(
  origin: string,
  endpoint: Endpoint,
  file: string | null,
  limit = Number.POSITIVE_INFINITY,
): Promise<Recording> {
  const distinct = new Map<string, BenchRequest>();
  for (const r of endpoint.requests)
    if (!distinct.has(requestKey(r))) distinct.set(requestKey(r), r);
  const pending = [...distinct.values()].slice(0, limit);
  const sent = pending.length;
  const failures: string[] = [];
  const fd = file === null ? null : openSync(file, 'w');
  let bytes = 0;
  let shells = 0;
  const worker = async () => {
    for (let r = pending.shift(); r; r = pending.shift()) {
      const res = await send(
        origin,
        r.newVisitor ? { ...r, headers: { ...newVisitor(--visitors), ...r.headers } } : r,
      );
      const headers: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!;
        const value = res.rawHeaders[i + 1]!;
        if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push([name, value]);
        if (name.toLowerCase() === 'x-server-rendered' && value === 'false') shells += 1;
      }
      headers.push(['content-length', String(res.body.length)]);
      bytes += res.body.length;
      if (fd !== null) {
        const response: RecordedResponse = {
          method: r.method,
          path: r.path,
          status: res.status,
          headers,
          body: res.body.toString('base64'),
        };
        writeSync(fd, `${JSON.stringify(response)}\n`);
      }
      if (res.status < 200 || res.status >= 300) {
        failures.push(`${res.status} ${requestKey(r)}: ${res.body.toString('utf8').slice(0, 200)}`);
      }
    }
  };
  try {
    const workers = endpoint.kind === 'page' ? PAGE_CONCURRENCY : CONCURRENCY;
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    if (fd !== null) closeSync(fd);
  }
  return {
    distinct: distinct.size,
    sent,
    responseBytes: Math.round(bytes / Math.max(1, sent)),
    failures,
    shells,
    file,
  };
}

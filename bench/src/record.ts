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

export const requestKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

export interface Recording {
  responses: RecordedResponse[];
  /** Mean body bytes. */
  responseBytes: number;
  /** Recorded answers outside 2xx, e.g. `404 GET /api/stories/…: Story not found`. */
  failures: string[];
}

/**
 * Sends each distinct request of the endpoint once (also warming the server up) and keeps the
 * answers byte for byte: status, every end-to-end header, the body.
 */
export async function record(origin: string, endpoint: Endpoint): Promise<Recording> {
  const distinct = new Map<string, BenchRequest>();
  for (const r of endpoint.requests)
    if (!distinct.has(requestKey(r))) distinct.set(requestKey(r), r);
  const pending = [...distinct.values()];
  const responses: RecordedResponse[] = [];
  const failures: string[] = [];
  // Counting down: never a number the load then uses.
  let visitor = 0;
  const worker = async () => {
    for (let r = pending.shift(); r; r = pending.shift()) {
      const res = await send(
        origin,
        r.newVisitor ? { ...r, headers: { ...newVisitor(--visitor), ...r.headers } } : r,
      );
      const headers: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!;
        if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]!]);
      }
      headers.push(['content-length', String(res.body.length)]);
      responses.push({
        method: r.method,
        path: r.path,
        status: res.status,
        headers,
        body: res.body.toString('base64'),
      });
      if (res.status < 200 || res.status >= 300) {
        failures.push(`${res.status} ${requestKey(r)}: ${res.body.toString('utf8').slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const bytes = responses.reduce((sum, r) => sum + Buffer.byteLength(r.body, 'base64'), 0);
  return { responses, responseBytes: Math.round(bytes / Math.max(1, responses.length)), failures };
}

import { Agent, request } from 'node:http';
import type { BenchRequest } from './types.js';

export const USER_AGENT = 'storyloom-bench';
const RUN_MS = Date.now();
const RUN = RUN_MS.toString(36);

/**
 * The headers of a visitor no earlier call was, not even in an earlier run on a reused library:
 * a visitor read counts once per chapter, day, address and user agent, and at most 3 times per
 * address (docs/decisions/008-read-counting.md), and each of these must count. So each visitor
 * has a user agent of its own and an IPv6 /64 of its own, given as `X-Forwarded-For` (the
 * server runs with TRUST_PROXY, as it would behind a reverse proxy).
 */
export function newVisitor(n: number): Record<string, string> {
  const id = n >>> 0;
  const groups = [0xfd00, RUN_MS & 0xffff, id >>> 16, id & 0xffff];
  return {
    'user-agent': `${USER_AGENT}/${RUN}-${n}`,
    'x-forwarded-for': `${groups.map((g) => g.toString(16)).join(':')}::1`,
  };
}

export interface RawResponse {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request over loopback, answering the raw status, headers and body. */
export function send(
  origin: string,
  req: BenchRequest,
  userAgent = USER_AGENT,
): Promise<RawResponse> {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(req.path, origin),
      {
        method: req.method,
        agent,
        headers: {
          'user-agent': userAgent,
          ...req.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** `data` of an envelope answer; throws with the status and message otherwise. */
export async function getData<T>(origin: string, req: BenchRequest): Promise<T> {
  const res = await send(origin, req);
  const text = res.body.toString('utf8');
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${req.method} ${req.path} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  const parsed = JSON.parse(text) as { data?: T };
  return (parsed.data ?? parsed) as T;
}

/** Lets the process exit once nothing else is pending. */
export const closeConnections = () => agent.destroy();

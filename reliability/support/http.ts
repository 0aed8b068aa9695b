/** What came back from one call: a response, or no response at all (and why). */
export type Outcome = (
  | { kind: 'response'; status: number; body: Envelope | null; retryAfter: string | null }
  | { kind: 'timeout'; message: string }
  | { kind: 'network'; message: string }
) & {
  /** Milliseconds from sending to the answer (or to giving up). */
  ms: number;
};

export interface Envelope {
  success: boolean;
  data?: unknown;
  message?: string;
  error?: { code: string; details?: Record<string, string> };
  // The token endpoint answers OAuth2-style instead of the envelope.
  access_token?: string;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  userAgent?: string;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** One HTTP call with a hard timeout; never throws. */
export async function call(
  baseURL: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Outcome> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: Envelope | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Envelope) : null;
    } catch {
      parsed = null;
    }
    return {
      kind: 'response',
      status: res.status,
      body: parsed,
      retryAfter: res.headers.get('retry-after'),
      ms: ms(),
    };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      return {
        kind: 'timeout',
        message: `${method} ${path}: no answer in ${timeoutMs} ms`,
        ms: ms(),
      };
    }
    const cause = err.cause?.code ?? err.cause?.message ?? err.message;
    return { kind: 'network', message: `${method} ${path}: ${cause}`, ms: ms() };
  }
}

export const isOk = (o: Outcome): o is Extract<Outcome, { kind: 'response' }> =>
  o.kind === 'response' && o.status >= 200 && o.status < 300;

/** A short description of an outcome for failure lists. */
export function describe(o: Outcome): string {
  if (o.kind !== 'response') return `${o.kind}: ${o.message}`;
  const code = o.body?.error?.code ?? '';
  return `${o.status} ${code} ${o.body?.message ?? ''}`.trim();
}

/** True for the 503 envelope the API promises while its database is unreachable. */
export function isUnavailableEnvelope(o: Outcome): boolean {
  return (
    o.kind === 'response' &&
    o.status === 503 &&
    o.body?.success === false &&
    o.body.error?.code === 'service_unavailable' &&
    typeof o.body.message === 'string' &&
    o.retryAfter !== null &&
    Number(o.retryAfter) > 0
  );
}

/** The `data` of a success envelope; throws when there is none (a broken contract). */
export function dataOf<T>(o: Outcome): T {
  if (o.kind !== 'response' || o.body?.data === undefined) {
    throw new Error(`expected an envelope with data, got ${describe(o)}`);
  }
  return o.body.data as T;
}

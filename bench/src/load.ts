import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { newVisitor, USER_AGENT } from './http.js';
import type { BenchRequest, Endpoint, Figures } from './types.js';

export interface LoadConfig {
  duration: number;
  connections: number;
}

/**
 * New visitors' numbers, counted across every load of the run (both modes, the ceiling too), so
 * a visitor is never sent twice and each of their reads counts.
 */
let visitors = 0;

/** The header with which the server tells a page it rendered from the bare app shell. */
const RENDERED = 'x-server-rendered';

/** Answers of page endpoints by their x-server-rendered header. */
class PageAnswers {
  rendered = 0;
  shell = 0;
  unmarked = 0;

  /** autocannon's per-request onResponse: (status, body, context, headers). */
  readonly count = (
    _status: number,
    _body: string,
    _context: object,
    headers: IncomingHttpHeaders | undefined,
  ) => {
    // Raw header names, as sent: the server sends them lower-case.
    let value = headers?.[RENDERED];
    if (value === undefined && headers) {
      const name = Object.keys(headers).find((key) => key.toLowerCase() === RENDERED);
      value = name === undefined ? undefined : headers[name];
    }
    if (value === 'true') this.rendered += 1;
    else if (value === 'false') this.shell += 1;
    else this.unmarked += 1;
  };

  figures(): Pick<Figures, 'pages' | 'shellShare'> {
    const { rendered, shell, unmarked } = this;
    const all = rendered + shell + unmarked;
    return {
      pages: { rendered, shell, unmarked },
      shellShare: all > 0 ? Math.round((shell / all) * 10_000) / 10_000 : null,
    };
  }
}

/** The q-quantile of sorted values (nearest rank), rounded to 0.01 ms. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return Math.round(value * 100) / 100;
}

/** Grows as responses arrive; autocannon's own histogram keeps whole milliseconds only. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
}

function run(options: autocannon.Options, latencies: Latencies): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.add(responseTime),
    );
  });
}

/**
 * Loads `origin` with the endpoint's requests in turn (shared across connections) for the
 * configured time, and answers the figures: throughput, latency percentiles from every response,
 * and every kind of error. With `countPages`, also the answers by their x-server-rendered
 * header (meant for page endpoints on our server: reading every answer's headers costs).
 */
export async function load(
  origin: string,
  endpoint: Endpoint,
  config: LoadConfig,
  countPages = false,
): Promise<Figures> {
  const requests: readonly BenchRequest[] = endpoint.requests;
  let next = 0;
  const latencies = new Latencies();
  const pages = countPages ? new PageAnswers() : null;
  const result = await run(
    {
      url: origin,
      connections: config.connections,
      duration: config.duration,
      requests: [
        {
          setupRequest: (request) => {
            const r = requests[next++ % requests.length]!;
            const visitorHeaders = r.newVisitor
              ? newVisitor(visitors++)
              : { 'user-agent': USER_AGENT };
            return {
              ...request,
              method: r.method,
              path: r.path,
              headers: { ...visitorHeaders, ...r.headers },
              body: r.body ?? '',
            };
          },
          ...(pages ? { onResponse: pages.count } : {}),
        },
      ],
    },
    latencies,
  );
  const sorted = latencies.sorted();
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = count ?? 0;
  }
  return {
    requests: sorted.length,
    rps: Math.round(result.requests.average),
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
    errors: result.non2xx + result.errors,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ...(pages ? pages.figures() : { pages: null, shellShare: null }),
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  type CreateServerRenderer,
  SERVER_STATE_ELEMENT_ID,
  type ServerRenderer,
  type ServerRenderResult,
  SIGNED_IN_COOKIE,
} from '@storyloom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResponseCache } from './response-cache.js';

/**
 * Server rendering of visitors' pages (docs/decisions/014-server-rendering.md): the web build's
 * renderer (`<staticDir>/.server/entry-server.js`) renders the page with the app's own routes and
 * queries, its API calls answered in process by `app.inject`. Anything that goes wrong (no
 * renderer in the build, a failed call, a slow render) serves the plain app shell instead, which
 * the browser renders as before.
 */

/** Past this, the visitor gets the shell at once and the browser loads the page itself. */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * Renders under way at once, per core. Rendering is CPU work on the event loop: more at once
 * would only interleave and hold their memory longer, so the rest wait their turn.
 */
const RENDERS_PER_CORE = 2;

/**
 * How long a visitor may wait for a render to start. Past this (the renders ahead of them, at
 * the time renders take lately), they get the shell at once and their browser renders the
 * page, rather than wait longer than the page itself takes to come.
 */
const RENDER_WAIT_BUDGET_MS = 100;

/**
 * The same when the event loop itself is late by more than `shedDelayMs` (RENDER_SHED_DELAY_MS,
 * median over the last half second): requests are then waiting for the CPU, and a render would
 * make every one of them wait longer than the shell would.
 */
const LOOP_SAMPLE_MS = 500;

/**
 * Renders `slots` at a time; the rest wait their turn in arrival order, unless the wait a
 * newcomer can expect (the renders ahead of it × the recent time of a render ÷ `slots`) is over
 * `budgetMs`: then it is turned away at once. A fixed cap on renders alone turned away most
 * pages whenever fifty visitors arrived together, however fast each render was.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** A moving average of how long renders take (wall time, from their start). */
  private recentMs: number;

  constructor(
    private readonly slots: number,
    private readonly budgetMs: number,
    initialMs = 10,
  ) {
    this.recentMs = initialMs;
  }

  /** The wait a render asked for now can expect before it starts, in ms. */
  expectedWaitMs(): number {
    if (this.running < this.slots) return 0;
    return ((this.waiting.length + 1) * this.recentMs) / this.slots;
  }

  /** Runs `task` in its turn; null, at once, when its turn is further away than the budget. */
  async run<T>(task: () => Promise<T>): Promise<T | null> {
    if (this.running < this.slots) this.running += 1;
    else if (this.expectedWaitMs() > this.budgetMs) return null;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.recentMs = 0.8 * this.recentMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface PageRendererOptions {
  /** Answers the renderer's calls when it holds them. */
  responseCache?: ResponseCache;
  /** 0: never shed renders for a late event loop. */
  shedDelayMs?: number;
  /** Renders at once (default: two per core). */
  slots?: number;
  /** The longest a visitor may wait for their render to start (default 100 ms). */
  waitBudgetMs?: number;
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

/** Whether the request carries the web app's signed-in hint cookie (a signed-in reader's page). */
export const hasSignedInHint = (request: FastifyRequest): boolean =>
  SIGNED_IN.test(request.headers.cookie ?? '');

/** The renderer's way to the API: answered in process, never over the network. */
type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The visitor a render's API calls are made for: rate limits count them as that visitor's. */
interface Visitor {
  ip: string;
}

export interface PageRenderer {
  /** Whether the request should get a server-rendered page: a visitor's GET of a page. */
  wants(request: FastifyRequest): boolean;
  render(request: FastifyRequest): Promise<ServerRenderResult>;
}

/** The headers of an injected answer as a Headers object. */
const injectedHeaders = (headers: Record<string, string | string[] | number | undefined>) => {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, String(one));
  }
  return result;
};

/** The headers of a kept answer (name, value, …) as a Headers object. */
const pairedHeaders = (flat: readonly string[]) => {
  const headers = new Headers();
  for (let i = 0; i + 1 < flat.length; i += 2) headers.append(flat[i]!, flat[i + 1]!);
  return headers;
};

/**
 * The renderer of the web build in `staticDir`, or null when the build has none. Its calls are
 * answered from the visitors' micro-cache when it holds them.
 */
export function createPageRenderer(
  app: FastifyInstance,
  staticDir: string,
  {
    responseCache,
    shedDelayMs = 0,
    slots = availableParallelism() * RENDERS_PER_CORE,
    waitBudgetMs = RENDER_WAIT_BUDGET_MS,
  }: PageRendererOptions = {},
): PageRenderer | null {
  const file = join(staticDir, '.server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const visitors = new AsyncLocalStorage<Visitor>();
  const queue = new RenderQueue(slots, waitBudgetMs);
  let loopBusy = false;
  if (shedDelayMs > 0) {
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const sampler = setInterval(() => {
      loopBusy = loopDelay.percentile(50) / 1e6 > shedDelayMs;
      loopDelay.reset();
    }, LOOP_SAMPLE_MS);
    sampler.unref();
    app.addHook('onClose', async () => {
      clearInterval(sampler);
      loopDelay.disable();
    });
  }

  const apiFetch: ApiFetch = async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || !url.startsWith('/api/')) {
      return new Response(null, { status: 405 });
    }
    const kept = responseCache?.lookup(url);
    if (kept) return new Response(kept.body, { status: 200, headers: pairedHeaders(kept.headers) });
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      remoteAddress: visitors.getStore()?.ip ?? '127.0.0.1',
    });
    const empty = res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, {
      status: res.statusCode,
      headers: injectedHeaders(res.headers),
    });
  };

  let renderer: Promise<ServerRenderer> | undefined;
  const load = () => {
    renderer ??= import(pathToFileURL(file).href).then((module: unknown) => {
      const create = (module as { createServerRenderer?: CreateServerRenderer<ApiFetch> })
        .createServerRenderer;
      if (typeof create !== 'function') throw new Error(`${file} has no createServerRenderer`);
      return create({ fetch: apiFetch });
    });
    renderer.catch(() => {
      renderer = undefined;
    });
    return renderer;
  };

  // Loaded at start, so the first visitor does not wait for it; a failure is retried on use.
  load().catch((error: unknown) => app.log.warn({ err: error }, 'server renderer not loaded'));

  return {
    wants: (request) => request.method === 'GET' && !hasSignedInHint(request),

    async render(request) {
      if (loopBusy) return { kind: 'skip', reason: 'the event loop is busy' };
      const loaded = await load();
      const rendered = queue.run(() =>
        visitors.run({ ip: request.ip }, () => loaded.render(request.url)),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), RENDER_TIMEOUT_MS);
      });
      try {
        // A render that outlives the visitor's patience still finishes in its turn; the
        // visitor has the shell by then.
        const page = await Promise.race([rendered, late]);
        if (page === 'late') {
          return { kind: 'skip', reason: `not rendered within ${RENDER_TIMEOUT_MS} ms` };
        }
        return page ?? { kind: 'skip', reason: 'busy rendering other pages' };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** Scripts and module preloads of the shell, which a rendered page does not need to paint. */
const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")/g;

/**
 * index.html with a rendered page in its root, its title, and the state after the root. The
 * page paints without the app's scripts, so they are fetched at low priority: the stylesheet
 * and the page's images go first.
 */
export function withRenderedPage(
  indexHtml: string,
  page: Extract<ServerRenderResult, { kind: 'page' }>,
): string {
  if (!indexHtml.includes(ROOT)) return indexHtml;
  const withTitle =
    page.head && TITLE.test(indexHtml) ? indexHtml.replace(TITLE, () => page.head) : indexHtml;
  return withTitle
    .replace(SCRIPT_TAGS, '<$1 fetchpriority="low"')
    .replace(
      ROOT,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>`,
    );
}

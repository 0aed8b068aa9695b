import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Module preloads per client route. The web build's page-budget report
 * (`.vite/bundle-report.json`, written by scripts/bundle-report.mjs) lists, for each route of
 * the client router, the chunks its page needs beyond the initial load. index.html only
 * preloads the initial load; the page's own chunks would be requested once the app has
 * started and matched the URL, a round trip later. Naming them in the HTML lets the browser
 * fetch them alongside the app.
 */
export interface RoutePreload {
  /** Client route pattern, e.g. `/stories/:id/read`. */
  path: string;
  match: RegExp;
  /** Higher wins when several patterns match, as in the client router's ranking. */
  score: number;
  /** `<link rel="modulepreload">` tags for the page's chunks. */
  links: string;
}

const ASSET = /^assets\/[\w.-]+\.js$/;

/** Static segments outrank dynamic ones, which outrank a splat (React Router's ranking). */
function compile(path: string): { match: RegExp; score: number } | null {
  const segments = path.split('/').filter(Boolean);
  let score = 0;
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment === '*') {
      parts.push('(?:/.*)?');
      score -= 2;
    } else if (segment.startsWith(':')) {
      parts.push('/[^/]+');
      score += 3;
    } else if (/^[\w-]+$/.test(segment)) {
      parts.push(`/${segment}`);
      score += 10;
    } else {
      return null;
    }
  }
  const source = parts.length === 0 ? '/' : `${parts.join('')}/?`;
  return { match: new RegExp(`^${source}$`, 'i'), score: segments.length === 0 ? 12 : score };
}

/** Reads the build's report; null (no preloads) when it is missing or not as expected. */
export function loadRoutePreloads(staticDir: string): RoutePreload[] | null {
  const file = join(staticDir, '.vite/bundle-report.json');
  if (!existsSync(file)) return null;
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const pages = (report as { pages?: unknown }).pages;
  if (!Array.isArray(pages)) return null;
  const preloads: RoutePreload[] = [];
  for (const page of pages as { routes?: unknown; files?: unknown }[]) {
    if (!Array.isArray(page.routes) || !Array.isArray(page.files)) continue;
    // A page without chunks of its own still takes its URLs (from the catch-all route).
    const files = page.files.filter((f): f is string => typeof f === 'string' && ASSET.test(f));
    const links = files
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('\n    ');
    for (const path of page.routes) {
      if (typeof path !== 'string') continue;
      const compiled = compile(path);
      if (compiled) preloads.push({ path, ...compiled, links });
    }
  }
  return preloads;
}

/** The preload tags for a page URL, or '' when no route has chunks of its own. */
export function preloadLinksFor(preloads: RoutePreload[], url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  let best: RoutePreload | undefined;
  for (const preload of preloads) {
    if (preload.match.test(pathname) && (!best || preload.score > best.score)) best = preload;
  }
  return best?.links ?? '';
}

/** Adds the tags at the end of the head, after index.html's own preloads. */
export function withPreloads(html: string, links: string): string {
  return links ? html.replace('</head>', () => `  ${links}\n  </head>`) : html;
}

import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp, type TestAppOptions } from '../app.js';

/** A route as the server registered it; HEAD routes are folded into their GET. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `METHOD /url`, the key of the authorization matrix. */
  key: string;
  schema: RouteOptions['schema'];
}

/**
 * The app with the table of every route it registered, collected by an onRoute hook while
 * buildApp registers them, so nothing can be added without showing up here.
 */
export async function createAppWithRoutes(
  options: TestAppOptions = {},
): Promise<{ t: TestApp; routes: RegisteredRoute[] }> {
  const seen = new Map<string, RegisteredRoute>();
  const t = await createTestApp({
    ...options,
    onRoute: (route) => {
      const methods = [route.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        const known = seen.get(key);
        if (!known?.schema) seen.set(key, { method, url: route.url, key, schema: route.schema });
      }
    },
  });
  const routes = [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { t, routes };
}

export const apiRoutes = (routes: RegisteredRoute[]) =>
  routes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));

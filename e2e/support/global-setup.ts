import type { TestProject } from 'vitest/node';
import { startMockOidc } from '../../apps/api/src/test/mock-oidc.js';
import { newDataDir, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The stand-in Google (OpenID provider) the server signs in against. */
    oidcIssuer: string;
  }
}

const E2E_GOOGLE = { clientId: 'storyloom-e2e', clientSecret: 'e2e-client-secret' };

/** Starts the built product on a fresh data directory for the browser tests. */
export default async function setup(project: TestProject) {
  const oidc = await startMockOidc(E2E_GOOGLE);
  const server = await startServer(newDataDir(), {
    // Browser specs sign up many users from one address.
    RATE_LIMIT_FACTOR: '50',
    // Browser tests check what a server-rendered page holds; on a machine this busy (Chromium
    // beside the server), the load shedding would sometimes send the shell instead.
    RENDER_SHED_DELAY_MS: '0',
    // A follow or a like is told after this wait (one undone within it is never told): a
    // browser test waits half a second, not the minute people get.
    NOTIFY_UNDO_WINDOW_MS: '500',
    // Notification emails are batched ten minutes after the first thing to tell: here, half
    // a second.
    NOTIFY_MAIL_DELAY_MS: '500',
    GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('oidcIssuer', oidc.issuer);

  return async () => {
    await server.stop();
    await oidc.close();
  };
}

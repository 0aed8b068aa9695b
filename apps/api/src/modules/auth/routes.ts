import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import {
  AUTH_MESSAGES,
  authProvidersResponse,
  envelope,
  forgotPasswordBody,
  googleExchangeBody,
  me,
  refreshBody,
  resetPasswordBody,
  signupBody,
  tokenBody,
  tokenResponse,
  verifyEmailBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { unauthorized } from '../../lib/errors.js';
import { byEmailField, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { HOUR, MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { isSuspended, suspensionEnd } from '../moderation/policy.js';
import { signInOrigin } from '../sessions/device.js';
import { presentMe } from '../users/presenter.js';
import { type PendingLogin, userForGoogleIdentity } from './google.js';

const PENDING_COOKIE = 'sl_oidc';
const messageOnly = envelope(z.null());
const errors = errorResponses(400, 401, 409, 429);

export const authRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { auth, authenticate, google, config, sessions } = services;
  const f = config.rateLimitFactor;

  // The token endpoint takes the OAuth2 password grant as multipart or urlencoded form fields.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<ZodTypeProvider>();
    await form.register(formbody, { bodyLimit: 4096 });
    await form.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 5, fieldSize: 1024, parts: 5 },
    });
    form.post(
      '/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email (sent as `username`) and password',
          consumes: [
            'multipart/form-data',
            'application/x-www-form-urlencoded',
            'application/json',
          ],
          body: tokenBody,
          response: { 200: tokenResponse, ...errors },
        },
        preHandler: [
          // Per address; per account, the login throttle inside auth.login decides.
          limit(form, f, { name: 'login:ip', max: 20, windowMs: MINUTE }),
        ],
      },
      async (request) =>
        auth.login(request.body.username, request.body.password, signInOrigin(request)),
    );
  });

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; sends a verification email',
        body: signupBody,
        response: { 201: envelope(me), ...errors },
      },
      preHandler: [limit(app, f, { name: 'signup:ip', max: 10, windowMs: HOUR })],
    },
    async (request, reply) => {
      const user = await auth.signup(request.body);
      return reply
        .status(201)
        .send(ok(presentMe(user), 'Account created. Check your email to verify it.'));
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for new tokens',
        body: refreshBody,
        response: { 200: tokenResponse, ...errors },
      },
      preHandler: [limit(app, f, { name: 'refresh:ip', max: 30, windowMs: MINUTE })],
    },
    async (request) => auth.refresh(request.body.refresh_token),
  );

  app.post(
    '/google/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time code Google sign-in left in the page address for tokens',
        body: googleExchangeBody,
        response: { 200: tokenResponse, ...errors },
      },
      preHandler: [limit(app, f, { name: 'google-exchange:ip', max: 30, windowMs: MINUTE })],
    },
    async (request) => {
      const tokens = await sessions.exchangeLoginCode(request.body.code);
      if (!tokens) throw unauthorized(AUTH_MESSAGES.loginCodeInvalid);
      return tokens;
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the emailed token',
        body: verifyEmailBody,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: [limit(app, f, { name: 'verify:ip', max: 20, windowMs: 15 * MINUTE })],
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return ok(null, AUTH_MESSAGES.emailVerified);
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification email',
        security: bearer,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: [
        authenticate.required,
        limit(app, f, {
          name: 'verify:account',
          max: 5,
          windowMs: HOUR,
          key: (r) => r.user?.id ?? null,
        }),
      ],
    },
    async (request) => {
      await auth.resendVerification(request.user!);
      return ok(null, AUTH_MESSAGES.verificationSent);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordBody,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: [
        limit(app, f, { name: 'reset:ip', max: 5, windowMs: 15 * MINUTE }),
        limit(app, f, {
          name: 'reset:account',
          max: 3,
          windowMs: HOUR,
          key: byEmailField('email'),
        }),
      ],
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok(null, AUTH_MESSAGES.resetRequested);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; signs out every session',
        body: resetPasswordBody,
        response: { 200: messageOnly, ...errors },
      },
      preHandler: [limit(app, f, { name: 'reset-confirm:ip', max: 10, windowMs: 15 * MINUTE })],
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return ok(null, AUTH_MESSAGES.resetDone);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the caller’s session (Sign Out)',
        security: bearer,
        response: { 200: messageOnly, ...errorResponses(401) },
      },
      preHandler: [authenticate.required],
    },
    async (request) => {
      await auth.logout(request.user!, request.session);
      return ok(null, AUTH_MESSAGES.signedOut);
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the caller, this one included (Sign Out of All Devices)',
        security: bearer,
        response: { 200: messageOnly, ...errorResponses(401) },
      },
      preHandler: [authenticate.required],
    },
    async (request) => {
      await auth.logoutEverywhere(request.user!);
      return ok(null, AUTH_MESSAGES.signedOutEverywhere);
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in providers this server has',
        response: { 200: envelope(authProvidersResponse) },
      },
    },
    async () => ok({ google: google !== null }),
  );

  await app.register(async (oauth) => {
    await oauth.register(cookie, { secret: config.jwtSecret });
    const cookieOptions = {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.publicUrl.startsWith('https:'),
      signed: true,
    };

    oauth.get(
      '/google/login',
      {
        schema: { tags: ['auth'], summary: 'Start Google sign-in (browser navigation)' },
        preHandler: [limit(oauth, f, { name: 'google:ip', max: 30, windowMs: MINUTE })],
      },
      async (request, reply) => {
        if (!google) return reply.redirect('/auth/login?error=google_not_configured');
        try {
          const { url, pending } = await google.start();
          reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
            ...cookieOptions,
            maxAge: 600,
          });
          return reply.redirect(url);
        } catch (error) {
          request.log.error({ err: error }, 'google sign-in could not start');
          return reply.redirect('/auth/google-success?error=google_unavailable');
        }
      },
    );

    oauth.get(
      '/google/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Google redirects here; redirects the browser on to /auth/google-success',
        },
      },
      async (request, reply) => {
        const fail = (reason: string, more = '') =>
          reply.redirect(`/auth/google-success?error=${encodeURIComponent(reason)}${more}`);
        if (!google) return fail('google_not_configured');
        const raw = request.cookies[PENDING_COOKIE];
        const unsigned = raw ? request.unsignCookie(raw) : null;
        reply.clearCookie(PENDING_COOKIE, cookieOptions);
        if (!unsigned?.valid || !unsigned.value) return fail('invalid_state');
        const query = request.query as Record<string, unknown>;
        if (typeof query.error === 'string') return fail(query.error.slice(0, 64));
        try {
          const pending = JSON.parse(unsigned.value) as PendingLogin;
          const identity = await google.finish(new URL(request.url, config.publicUrl), pending);
          const user = await userForGoogleIdentity(services.db, identity);
          // Refused as every sign-in of a suspended account is, and the login page says why.
          if (isSuspended(user)) {
            const until = suspensionEnd(user);
            return fail('suspended', until ? `&until=${until}` : '');
          }
          const { session } = await sessions.start(user, {
            ...signInOrigin(request),
            method: 'google',
          });
          // Tokens never travel in a URL: the page gets a one-time code, in the fragment (which
          // browsers do not send to servers or proxies), and trades it for them.
          const code = await sessions.issueLoginCode(session.id);
          return reply.redirect(`/auth/google-success#code=${encodeURIComponent(code)}`);
        } catch (error) {
          request.log.warn({ err: error }, 'google sign-in failed');
          return fail('google_auth_failed');
        }
      },
    );
  });
};

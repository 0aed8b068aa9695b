import {
  changePasswordBody,
  envelope,
  errorEnvelope,
  me,
  tokenResponse,
  updateMeBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import type { AuthRouteDeps } from '../auth/routes.js';
import { presentMe } from './presenter.js';
import { createUserService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope };
const bearer = [{ bearer: [] }];

export const meRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const { authenticate, auth } = deps;
  const users = createUserService(deps);

  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: envelope(me), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(presentMe(request.user!)),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update bio; remove the profile picture with profile_pic: null',
        security: bearer,
        body: updateMeBody,
        response: { 200: envelope(me), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) =>
      ok(presentMe(await users.updateProfile(request.user!, request.body)), 'Profile updated!'),
  );

  app.post(
    '/users/me/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the password; other sessions are signed out and this one gets a new token',
        security: bearer,
        body: changePasswordBody,
        response: { 200: envelope(tokenResponse), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) =>
      ok(
        await auth.changePassword(
          request.user!,
          request.body.old_password,
          request.body.new_password,
        ),
        'Password changed',
      ),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account and everything it owns',
        security: bearer,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => {
      await users.deleteAccount(request.user!);
      return ok(null, 'Account deleted');
    },
  );
};

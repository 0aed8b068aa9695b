import multipart from '@fastify/multipart';
import {
  changePasswordBody,
  dataExport,
  deleteAccountBody,
  envelope,
  exportFileName,
  LIMITS,
  me,
  PEOPLE_MESSAGES,
  PRODUCT_NAME,
  paged,
  pageQuery,
  STORY_MESSAGES,
  story,
  tokenResponse,
  updateMeBody,
  updateSettingsBody,
  userSettings,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { AppError, payloadTooLarge } from '../../lib/errors.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { HOUR, MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { readImageUpload } from '../media/uploads.js';
import { signInOrigin } from '../sessions/device.js';
import { presentMe } from './presenter.js';

const errors = errorResponses(400, 401, 429);
const uploadErrors = errorResponses(400, 401, 413, 415, 429);
/** The web client sends `file`; `profile_pic` and `image` are accepted too. */
const PICTURE_FIELDS = ['file', 'profile_pic', 'image'];

/** Reads the picture; an upload over 5 MB gets the profile picture's own message. */
async function readPicture(request: Parameters<typeof readImageUpload>[0]) {
  try {
    return await readImageUpload(request, PICTURE_FIELDS);
  } catch (error) {
    if (error instanceof AppError && error.message === STORY_MESSAGES.fileTooLarge) {
      throw payloadTooLarge(PEOPLE_MESSAGES.profilePicTooLarge);
    }
    throw error;
  }
}

/** The signed-in user's own account: `/users/me/…`. */
export const meRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, auth, config, users, settings, exporter } = services;
  const f = config.rateLimitFactor;
  const pictureLimit = limit(app, f, {
    name: 'profile-pic:write',
    max: 30,
    windowMs: MINUTE,
    key: byUser,
  });
  const settingsLimit = limit(app, f, {
    name: 'settings:write',
    max: 60,
    windowMs: MINUTE,
    key: byUser,
  });
  const exportLimit = limit(app, f, {
    name: 'export',
    max: 20,
    windowMs: HOUR,
    key: byUser,
  });

  // The upload: multipart only in this scope; the 5 MB limit is enforced while streaming.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<ZodTypeProvider>();
    await form.register(multipart, {
      limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6 },
    });
    form.post(
      '/users/me/profile-pic',
      {
        schema: {
          tags: ['users'],
          summary:
            'Upload a profile picture (multipart `file`; JPEG, PNG, WebP, GIF or AVIF ≤ 5 MB), re-encoded square',
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(me), ...uploadErrors },
        },
        preHandler: [authenticate.required, pictureLimit],
      },
      async (request) => {
        const upload = await readPicture(request);
        const updated = await users.setProfilePic(request.user!, upload);
        return ok(presentMe(updated), PEOPLE_MESSAGES.profilePicUpdated);
      },
    );
  });

  app.delete(
    '/users/me/profile-pic',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove the profile picture (its files too)',
        security: bearer,
        response: { 200: envelope(me), ...errors },
      },
      preHandler: [authenticate.required, pictureLimit],
    },
    async (request) =>
      ok(presentMe(await users.removeProfilePic(request.user!)), PEOPLE_MESSAGES.profilePicRemoved),
  );

  app.get(
    '/users/me/settings',
    {
      schema: {
        tags: ['users'],
        summary: 'The settings object, defaults for fields never saved',
        security: bearer,
        response: { 200: envelope(userSettings), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await settings.get(request.user!.id)),
  );

  app.put(
    '/users/me/settings',
    {
      schema: {
        tags: ['users'],
        summary: 'Change any of the settings (merged); answers the whole settings object',
        security: bearer,
        body: updateSettingsBody,
        response: { 200: envelope(userSettings), ...errors },
      },
      preHandler: [authenticate.required, settingsLimit],
    },
    async (request) =>
      ok(await settings.update(request.user!.id, request.body), PEOPLE_MESSAGES.settingsSaved),
  );

  app.get(
    '/users/me/export',
    {
      schema: {
        tags: ['users'],
        summary:
          'Everything the user owns as a JSON file (Storyloom_data_{username}_{timestamp}.json), not enveloped',
        security: bearer,
        response: { 200: dataExport, ...errors },
      },
      preHandler: [authenticate.required, exportLimit],
    },
    async (request, reply) => {
      const at = new Date();
      const data = await exporter.build(request.user!, at);
      const name = exportFileName(PRODUCT_NAME, request.user!.username, at);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/users/me/stories',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user’s stories, private ones included, newest first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(story)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await users.storiesOf(request.user!, request.user, request.query)),
  );

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
        summary:
          'Change the password; every other session ends, this one goes on (its token is answered too)',
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
          request.session,
          signInOrigin(request),
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
        summary:
          'Delete the account and everything it owns: confirmed with the password, or for a Google-only account by a Google sign-in in the last 10 minutes',
        security: bearer,
        body: deleteAccountBody,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => {
      await users.deleteAccount(request.user!, request.session, request.body?.password);
      return ok(null, 'Account deleted');
    },
  );
};

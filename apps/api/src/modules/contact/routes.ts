import { CONTACT_MESSAGES, contactBody, contactReceipt, envelope } from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { limit } from '../../lib/rate-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { HOUR } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 429);

/** `POST /contact`: the contact form, signed in or not. */
export const contactRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, contact } = services;
  // A person writes now and then; a script filling the staff's inbox is stopped per address.
  const contactLimit = limit(app, config.rateLimitFactor, {
    name: 'contact:ip',
    max: 5,
    windowMs: HOUR,
  });

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Send the site’s staff a message (name optional, email, topic, 10–5,000 characters); stored for them, signed in or not',
        body: contactBody,
        response: { 201: envelope(contactReceipt), ...errors },
      },
      preHandler: [authenticate.optional, contactLimit],
    },
    async (request, reply) => {
      const receipt = await contact.send(request.body, request.user);
      return reply.status(201).send(ok(receipt, CONTACT_MESSAGES.sent));
    },
  );
};

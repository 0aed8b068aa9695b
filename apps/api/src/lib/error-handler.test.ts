import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler.js';
import { conflict, notFound } from './errors.js';

let app: FastifyInstance;

beforeAll(async () => {
  const server = Fastify({ logger: false, bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.setErrorHandler(errorHandler);
  server.post(
    '/echo',
    {
      schema: {
        body: z.object({ title: z.string().min(1, 'Title is required'), count: z.number() }),
      },
    },
    async (request) => ({ success: true, data: request.body }),
  );
  server.get('/missing', async () => {
    throw notFound('Story not found');
  });
  server.get('/taken', async () => {
    throw conflict('username', 'Username is already taken');
  });
  server.get('/boom', async () => {
    throw new Error('SELECT * FROM users -- secret internals');
  });
  server.get('/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  server.get('/db-dropped', async () => {
    // What pg throws for a query on a client whose connection the database cut.
    throw new Error('Client has encountered a connection error and is not queryable');
  });
  app = server;
  await app.ready();
});
afterAll(() => app.close());

describe('error envelope', () => {
  it('maps validation errors to a field -> message details map', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { title: '', count: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details.title).toBe('Title is required');
    expect(typeof body.error.details.count).toBe('string');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'invalid_json' } });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'unsupported_media_type' } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { title: 'x'.repeat(5000), count: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'payload_too_large' } });
  });

  it('keeps the message and details of application errors', async () => {
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Story not found',
      error: { code: 'not_found' },
    });
    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details).toEqual({ username: 'Username is already taken' });
  });

  it('hides internals of unexpected errors behind a generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('SELECT');
    expect(res.json()).toMatchObject({ success: false, error: { code: 'internal' } });
  });

  it('turns an unreachable database into a 503 with Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('service_unavailable');
  });

  it('treats a connection the database cut mid-request as unavailable too', async () => {
    const res = await app.inject({ method: 'GET', url: '/db-dropped' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('service_unavailable');
  });
});

import { CONTACT_MESSAGES, LIMITS } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call } from '../../test/stories.js';
import { latestContactMessages } from './repo.js';

/** Every request comes from one address here: the limit is raised for the content tests. */
let t: TestApp;
/** Behind a trusted proxy, so the limit test can send from several addresses. */
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

let addressCounter = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressCounter}` });

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Reader',
  email: 'ada@example.com',
  topic: 'bug',
  message: 'The reader jumps back to chapter one when I rotate my phone.',
  ...overrides,
});

const stored = (app: TestApp) => latestContactMessages(app.testDb.db.kysely, 100);

describe('POST /contact', () => {
  it('stores a visitor’s message for the staff and answers 201 with a receipt', async () => {
    const res = await call(t, 'POST', '/contact', undefined, message());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CONTACT_MESSAGES.sent);
    expect(res.body.data).toEqual({ id: expect.any(String), created_at: expect.any(String) });
    const [row] = await stored(t);
    expect(row).toMatchObject({
      id: res.body.data.id,
      user_id: null,
      username: null,
      name: 'Ada Reader',
      email: 'ada@example.com',
      topic: 'bug',
      message: 'The reader jumps back to chapter one when I rotate my phone.',
      created_at: res.body.data.created_at,
    });
  });

  it('links the message to the sender’s account when signed in; deleting it keeps the message', async () => {
    const sender = await createUser(t.testDb.db, t.config);
    const res = await call(t, 'POST', '/contact', sender.auth, message({ topic: 'account' }));
    expect(res.status).toBe(201);
    const row = (await stored(t)).find((m) => m.id === res.body.data.id)!;
    expect(row).toMatchObject({ user_id: sender.user.id, username: sender.user.username });

    await t.testDb.db.kysely.deleteFrom('users').where('id', '=', sender.user.id).execute();
    const kept = (await stored(t)).find((m) => m.id === res.body.data.id)!;
    expect(kept).toMatchObject({ user_id: null, username: null, email: 'ada@example.com' });
  });

  it('takes the message without a name; a blank name is no name', async () => {
    const without = await call(t, 'POST', '/contact', undefined, message({ name: undefined }));
    const blank = await call(t, 'POST', '/contact', undefined, message({ name: '   ' }));
    const nulled = await call(t, 'POST', '/contact', undefined, message({ name: null }));
    for (const res of [without, blank, nulled]) {
      expect(res.status).toBe(201);
      expect((await stored(t)).find((m) => m.id === res.body.data.id)?.name).toBeNull();
    }
  });

  it('keeps plain text: trims, drops control characters, keeps line breaks', async () => {
    const res = await call(
      t,
      'POST',
      '/contact',
      undefined,
      message({
        name: '  Ada\u202E Reader\n',
        message: '  First line\r\nSecond \u001b[31mline\u0007 ',
      }),
    );
    expect(res.status).toBe(201);
    const row = (await stored(t)).find((m) => m.id === res.body.data.id)!;
    expect(row.name).toBe('Ada Reader');
    expect(row.message).toBe('First line\nSecond [31mline');
  });

  it('refuses bad input field by field, with the messages the form shows, and stores nothing', async () => {
    const before = (await stored(t)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
      [{ topic: undefined }, 'topic', CONTACT_MESSAGES.topicRequired],
      [{ topic: 'complaint' }, 'topic', CONTACT_MESSAGES.topicRequired],
      [{ message: undefined }, 'message', CONTACT_MESSAGES.messageRequired],
      [{ message: '   ' }, 'message', CONTACT_MESSAGES.messageRequired],
      [{ message: 'Too short' }, 'message', CONTACT_MESSAGES.messageMin],
      [
        { message: 'x'.repeat(LIMITS.contactMessageMax + 1) },
        'message',
        CONTACT_MESSAGES.messageMax,
      ],
      [{ name: 'n'.repeat(LIMITS.contactNameMax + 1) }, 'name', CONTACT_MESSAGES.nameMax],
    ];
    for (const [overrides, field, text] of cases) {
      const res = await call(t, 'POST', '/contact', undefined, message(overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
      expect(res.body.error.details[field]).toBe(text);
    }
    const limits = await call(
      t,
      'POST',
      '/contact',
      undefined,
      message({
        name: 'n'.repeat(LIMITS.contactNameMax),
        message: 'm'.repeat(LIMITS.contactMessageMax),
      }),
    );
    expect(limits.status).toBe(201);
    expect((await stored(t)).length).toBe(before + 1);
  });

  it('answers a presented bad token with 401, as every route does', async () => {
    const res = await call(t, 'POST', '/contact', { authorization: 'Bearer nope' }, message());
    expect(res.status).toBe(401);
  });

  it('allows 5 messages an hour per address, then 429 with Retry-After; another address may still write', async () => {
    const address = fromNewAddress();
    for (let i = 0; i < 5; i++) {
      const res = await call(proxied, 'POST', '/contact', undefined, message(), address);
      expect(res.status).toBe(201);
    }
    const limited = await call(proxied, 'POST', '/contact', undefined, message(), address);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await call(proxied, 'POST', '/contact', undefined, message(), fromNewAddress());
    expect(other.status).toBe(201);
    expect((await stored(proxied)).length).toBe(6);
  });
});

import { DEFAULT_SETTINGS, PEOPLE_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };
const put = (auth: Auth, body: object) => call(t, 'PUT', '/users/me/settings', auth, body);
const get = (auth: Auth) => call(t, 'GET', '/users/me/settings', auth);

describe('settings', () => {
  it("starts at the spec's defaults", async () => {
    const { auth } = await newUser();
    const res = await get(auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      profileVisibility: 'public',
      showEmail: false,
      showReadingActivity: true,
      allowMessages: 'everyone',
      defaultStoryVisibility: 'public',
      emailNotifications: true,
      pushNotifications: false,
      notifyNewFollower: true,
      notifyNewComment: true,
      notifyNewVote: true,
      notifyStoryUpdate: true,
      notifyWeeklyDigest: false,
      theme: 'system',
      fontSize: 'medium',
      readingMode: false,
      showMatureContent: false,
      twoFactorEnabled: false,
      sessionTimeout: 30,
      loginAlerts: true,
    });
    expect(res.body.data).toEqual(DEFAULT_SETTINGS);
    expect((await call(t, 'GET', '/users/me/settings')).status).toBe(401);
  });

  it('merges the fields given, keeps the rest, and answers the whole object', async () => {
    const { auth } = await newUser();
    const first = await put(auth, { theme: 'dark', showEmail: true, sessionTimeout: 7 });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(PEOPLE_MESSAGES.settingsSaved);
    expect(first.body.data).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      showEmail: true,
      sessionTimeout: 7,
    });
    const second = await put(auth, {
      fontSize: 'large',
      defaultStoryVisibility: 'private',
      sessionTimeout: '90',
    });
    expect(second.body.data).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      showEmail: true,
      fontSize: 'large',
      defaultStoryVisibility: 'private',
      sessionTimeout: 90,
    });
    // Another device (a fresh token) sees the same.
    expect((await get(auth)).body.data).toEqual(second.body.data);
    expect((await put(auth, {})).body.data).toEqual(second.body.data);
    // Each user has their own.
    expect((await get((await newUser()).auth)).body.data).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses unknown keys, wrong values and switching two-factor on, changing nothing', async () => {
    const { auth } = await newUser();
    await put(auth, { theme: 'light' });
    const cases: [object, string][] = [
      [{ theme: 'dark', colour: 'blue' }, 'body'],
      [{ profileVisibility: 'everyone' }, 'profileVisibility'],
      [{ allowMessages: 'friends' }, 'allowMessages'],
      [{ sessionTimeout: 10 }, 'sessionTimeout'],
      [{ showEmail: 'yes' }, 'showEmail'],
      [{ fontSize: 18 }, 'fontSize'],
      [{ theme: 'dark', twoFactorEnabled: true }, 'twoFactorEnabled'],
    ];
    for (const [body, field] of cases) {
      const res = await put(auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details, JSON.stringify(body)).toHaveProperty(field);
    }
    const unknown = await put(auth, { colour: 'blue' });
    expect(unknown.body.error.details.body).toBe(PEOPLE_MESSAGES.unknownSetting(['colour']));
    const twoFactor = await put(auth, { twoFactorEnabled: true });
    expect(twoFactor.body.error.details.twoFactorEnabled).toBe(PEOPLE_MESSAGES.twoFactorComingSoon);
    expect((await put(auth, { twoFactorEnabled: false })).status).toBe(200);
    expect((await put(auth, ['theme'])).status).toBe(400);
    expect((await get(auth)).body.data).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
  });

  it('reads partial or outdated stored settings over the defaults', async () => {
    const { user, auth } = await newUser();
    await t.testDb.db.kysely
      .insertInto('user_settings')
      .values({
        user_id: user.id,
        settings: JSON.stringify({ theme: 'dark', fontSize: 'huge', twoFactorEnabled: true }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await get(auth)).body.data).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
  });

  it('concurrent partial updates all land', async () => {
    const { auth } = await newUser();
    const changes = [
      { theme: 'dark' },
      { fontSize: 'small' },
      { showEmail: true },
      { readingMode: true },
      { loginAlerts: false },
      { allowMessages: 'none' },
    ];
    const results = await Promise.all(changes.map((change) => put(auth, change)));
    expect(results.map((r) => r.status)).toEqual(changes.map(() => 200));
    expect((await get(auth)).body.data).toEqual(Object.assign({}, DEFAULT_SETTINGS, ...changes));
  });
});

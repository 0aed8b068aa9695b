import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PEOPLE_MESSAGES, profilePicThumbOf, STORY_MESSAGES } from '@storyloom/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { type FilePart, multipart } from '../../test/multipart.js';
import { call } from '../../test/stories.js';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#c0392b' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'home address' } } })
    .toBuffer();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };
const file = (data: Buffer, filename = 'profile.jpg', contentType = 'image/jpeg'): FilePart => ({
  filename,
  contentType,
  data,
});
const fileOf = (url: string) => join(t.config.mediaDir, url.replace(/^\/media\//, ''));
const avatarFiles = (userId: string) => {
  const dir = join(t.config.mediaDir, 'avatars', userId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

async function upload(auth: Auth, part: FilePart, field = 'file') {
  const form = multipart({ [field]: part });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/profile-pic',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /users/me/profile-pic', () => {
  it('re-encodes a PNG to square WebP files and returns the updated user', async () => {
    const { user, auth } = await newUser();
    const res = await upload(auth, file(png, 'me.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PEOPLE_MESSAGES.profilePicUpdated);
    const url: string = res.body.data.profile_pic;
    expect(url).toMatch(new RegExp(`^/media/avatars/${user.id}/[a-z0-9-]+-lg\\.webp$`));
    expect(res.body.data).toMatchObject({ id: user.id, email: user.email, has_password: true });
    const large = await sharp(fileOf(url)).metadata();
    const small = await sharp(fileOf(profilePicThumbOf(url)!)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 400, 400]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 96, 96]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/users/me', auth)).body.data.profile_pic).toBe(url);
    expect((await call(t, 'GET', `/users/${user.username}`)).body.data.profile_pic).toBe(url);
  });

  it('accepts a JPEG under `profile_pic` or `image`, strips metadata, and removes the old files', async () => {
    const { user, auth } = await newUser();
    const first = await upload(auth, file(jpeg), 'profile_pic');
    expect(first.status).toBe(200);
    const firstUrl: string = first.body.data.profile_pic;
    const meta = await sharp(fileOf(firstUrl)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(avatarFiles(user.id)).toHaveLength(2);

    const second = await upload(auth, file(png, 'x.png', 'image/png'), 'image');
    expect(second.status).toBe(200);
    const secondUrl: string = second.body.data.profile_pic;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(fileOf(firstUrl))).toBe(false);
    expect(existsSync(fileOf(profilePicThumbOf(firstUrl)!))).toBe(false);
    expect(avatarFiles(user.id)).toEqual(
      [secondUrl, profilePicThumbOf(secondUrl)!].map((u) => u.split('/').pop()).sort(),
    );
  });

  it('decides the type from the bytes: a renamed text file is 415', async () => {
    const { user, auth } = await newUser();
    const res = await upload(
      auth,
      file(Buffer.from('just some text, not an image'), 'cat.png', 'image/png'),
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(STORY_MESSAGES.fileTypeNotSupported);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(auth, file(svg, 'a.svg', 'image/svg+xml'))).status).toBe(415);
    expect(avatarFiles(user.id)).toEqual([]);
    expect((await call(t, 'GET', '/users/me', auth)).body.data.profile_pic).toBeNull();
  });

  it('refuses more than 5 MB with 413 and the spec message, keeping the current picture', async () => {
    const { user, auth } = await newUser();
    const current = (await upload(auth, file(png, 'a.png', 'image/png'))).body.data.profile_pic;
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(auth, file(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(PEOPLE_MESSAGES.profilePicTooLarge);
    expect((await call(t, 'GET', '/users/me', auth)).body.data.profile_pic).toBe(current);
    expect(avatarFiles(user.id)).toHaveLength(2);
  });

  it('needs a file and a signed-in caller', async () => {
    const { auth } = await newUser();
    const empty = await call(t, 'POST', '/users/me/profile-pic', auth, { profile_pic: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toHaveProperty('file');
    const other = await upload(auth, file(png), 'avatar');
    expect(other.status).toBe(400);
    const form = multipart({ file: file(png) });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/profile-pic',
      headers: form.headers,
      payload: form.payload,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('removing the profile picture', () => {
  it('DELETE /users/me/profile-pic and PATCH {profile_pic: null} remove the files too', async () => {
    const { user, auth } = await newUser();
    const url = (await upload(auth, file(png, 'a.png', 'image/png'))).body.data.profile_pic;
    const removed = await call(t, 'DELETE', '/users/me/profile-pic', auth);
    expect(removed.status).toBe(200);
    expect(removed.body.data.profile_pic).toBeNull();
    expect(existsSync(fileOf(url))).toBe(false);
    expect(avatarFiles(user.id)).toEqual([]);
    expect((await call(t, 'DELETE', '/users/me/profile-pic', auth)).status).toBe(200);

    const again = (await upload(auth, file(jpeg))).body.data.profile_pic;
    const patched = await call(t, 'PATCH', '/users/me', auth, { profile_pic: null });
    expect(patched.body.data.profile_pic).toBeNull();
    expect(existsSync(fileOf(again))).toBe(false);
    expect(avatarFiles(user.id)).toEqual([]);
  });

  it('deleting the account removes the picture files', async () => {
    const { user, auth } = await newUser();
    await upload(auth, file(png, 'a.png', 'image/png'));
    expect(avatarFiles(user.id)).toHaveLength(2);
    expect((await call(t, 'DELETE', '/users/me', auth, { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    expect(avatarFiles(user.id)).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signedInSession, tokenViaApi } from './support/accounts.js';
import { gotoLive, reloadLive, useBrowser } from './support/browser.js';
import {
  apiAs,
  chaptersViaApi,
  createStoryViaApi,
  expectToast,
  pngImage,
} from './support/stories.js';

const { openPage } = useBrowser();

type Session = Awaited<ReturnType<typeof signedInSession>>;

interface ProfilePayload {
  followers_count?: number;
  following_count?: number;
  bio?: string | null;
  profile_pic?: string | null;
  restricted: boolean;
}

const profileViaApi = (token: string | null, username: string) =>
  apiAs<ProfilePayload>(token, `/users/${username}`);

/** Waits until a profile count shows `value` (it moves before the server answers). */
const countIs = (page: Page, stat: 'followers' | 'following', value: number) =>
  page.locator(`[data-testid="stat-${stat}"][data-value="${value}"]`).waitFor();

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

async function openSettings(session: Session, tab = '') {
  const page = await openPage(`/settings${tab ? `?tab=${tab}` : ''}`, {
    storageState: session.storageState,
  });
  await page.getByTestId('settings-page').waitFor();
  return page;
}

async function openOwnProfile(session: Session) {
  const page = await openPage(`/profile/${session.user.username}`, {
    storageState: session.storageState,
  });
  await page.getByTestId('profile-header').waitFor();
  return page;
}

describe('people: profiles and follows', () => {
  it('follows an author from their profile and both counts move', async () => {
    const author = await signedInSession(newUser('author'));
    await createStoryViaApi(author.accessToken, {
      title: 'Lantern Songs',
      chapters: [{ title: 'One', content: '<p>The lamps were singing.</p>' }],
    });
    await createStoryViaApi(author.accessToken, {
      title: 'Hidden Draft',
      visibility: 'private',
      chapters: [{ title: 'One', content: '<p>Not yet.</p>' }],
    });
    const reader = await signedInSession(newUser('reader'));

    const page = await openPage(`/profile/${author.user.username}`, {
      storageState: reader.storageState,
    });
    expect(await page.getByTestId('profile-username').textContent()).toBe(author.user.username);
    await page.getByRole('link', { name: 'Lantern Songs' }).waitFor();
    expect(await page.getByRole('link', { name: 'Hidden Draft' }).count()).toBe(0);
    await countIs(page, 'followers', 0);

    // Message is not available yet: it says so instead of doing nothing.
    const message = page.getByTestId('message-button');
    expect(await message.getAttribute('aria-disabled')).toBe('true');
    await message.hover();
    expect(await page.getByRole('tooltip').textContent()).toContain('Coming soon');

    await page.getByTestId('follow-button').click();
    await countIs(page, 'followers', 1);
    await expectToast(page, 'Following!');
    expect(await page.getByTestId('follow-button').textContent()).toContain('Following');
    expect((await profileViaApi(null, author.user.username)).data.followers_count).toBe(1);

    // The author's followers list shows the reader.
    await page.getByTestId('stat-followers').click();
    await page.getByTestId('follow-list-item').filter({ hasText: reader.user.username }).waitFor();
    await page.keyboard.press('Escape');

    // The reader's own profile counts the follow too.
    await gotoLive(page, `/profile/${reader.user.username}`);
    await countIs(page, 'following', 1);
    await page.getByTestId('stat-following').click();
    await page.getByTestId('follow-list-item').filter({ hasText: author.user.username }).waitFor();
  });

  it('shows the owner their private stories with a badge, and a floating create button', async () => {
    const author = await signedInSession(newUser('owner'));
    await createStoryViaApi(author.accessToken, {
      title: 'Secret Garden Notes',
      visibility: 'private',
      chapters: [{ title: 'One', content: '<p>Shh.</p>' }],
    });
    const page = await openOwnProfile(author);
    const card = page.locator('article').filter({ hasText: 'Secret Garden Notes' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Private');
    expect(await page.getByTestId('create-story-fab').getAttribute('href')).toBe('/stories/create');
    await page.getByRole('tab', { name: 'SAVED' }).click();
    await page.getByText('No saved stories').waitFor();
    expect(await page.getByRole('link', { name: 'Explore Stories' }).getAttribute('href')).toBe(
      '/stories',
    );
  });

  it('says User not found for someone who does not exist', async () => {
    const page = await openPage('/profile/no_such_person_here');
    await page.getByTestId('user-not-found').waitFor();
    expect(await page.getByTestId('user-not-found').textContent()).toContain('User not found');
    const notFound = page.getByTestId('user-not-found');
    expect(await notFound.getByRole('link', { name: 'Browse Stories' }).getAttribute('href')).toBe(
      '/stories',
    );
  });
});

describe('people: library and my stories', () => {
  it('saves a story from its page and finds it in the library with likes and reading', async () => {
    const author = await signedInSession(newUser('author'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'The Paper Lighthouse',
      chapters: [
        { title: 'Arrival', content: '<p>Fog.</p>' },
        { title: 'Departure', content: '<p>Sun.</p>' },
      ],
    });
    const reader = await signedInSession(newUser('reader'));

    const page = await openPage(`/stories/${story.id}`, { storageState: reader.storageState });
    await page.getByTestId('save-button').click();
    await expectToast(page, 'Saved to your library');
    await page.locator('[data-testid="save-button"][aria-pressed="true"]').waitFor();

    // A like and a chapter read, through the API the story and reader pages use.
    await apiAs(reader.accessToken, `/stories/${story.id}/like`, { method: 'POST' });
    const [, second] = await chaptersViaApi(author.accessToken, story.id);
    await apiAs(reader.accessToken, `/chapters/${second!.id}/progress?story_id=${story.id}`, {
      method: 'POST',
    });

    await gotoLive(page, '/library');
    await page.getByRole('tabpanel').getByRole('link', { name: 'The Paper Lighthouse' }).waitFor();

    await page.getByRole('tab', { name: 'Liked' }).click();
    await page.getByRole('tabpanel').getByRole('link', { name: 'The Paper Lighthouse' }).waitFor();

    await page.getByRole('tab', { name: 'Continue Reading' }).click();
    const entry = page.getByTestId('continue-reading').getByRole('listitem').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Chapter 2');
    expect(await entry.getByRole('link', { name: /Continue reading/ }).getAttribute('href')).toBe(
      `/stories/${story.id}/read?chapter=2`,
    );

    // The owner's SAVED tab on their profile lists it too.
    await gotoLive(page, `/profile/${reader.user.username}?tab=saved`);
    await page.getByRole('tabpanel').getByRole('link', { name: 'The Paper Lighthouse' }).waitFor();
  });

  it('lists my stories, public and private, with Edit links', async () => {
    const author = await signedInSession(newUser('writer'));
    const open = await createStoryViaApi(author.accessToken, {
      title: 'Open Book',
      chapters: [{ title: 'One', content: '<p>Hello.</p>' }],
    });
    await createStoryViaApi(author.accessToken, {
      title: 'Closed Book',
      visibility: 'private',
      chapters: [{ title: 'One', content: '<p>Hush.</p>' }],
    });
    const page = await openPage('/my-stories', { storageState: author.storageState });
    const rows = page.getByTestId('my-story');
    await rows.filter({ hasText: 'Closed Book' }).waitFor();
    expect(await rows.count()).toBe(2);
    const badges = await page.getByTestId('visibility-badge').allTextContents();
    expect(badges.sort()).toEqual(['Private', 'Public']);
    expect(
      await rows
        .filter({ hasText: 'Open Book' })
        .getByRole('link', { name: 'Edit Open Book' })
        .getAttribute('href'),
    ).toBe(`/stories/${open.id}/edit`);
  });

  it('offers to create a first story when there is none', async () => {
    const page = await openPage('/my-stories', {
      storageState: (await signedInSession(newUser('blank'))).storageState,
    });
    await page.getByText('No stories yet').waitFor();
    expect(
      await page.getByRole('link', { name: 'Create Your First Story' }).getAttribute('href'),
    ).toBe('/stories/create');
  });
});

describe('people: editing the profile', () => {
  it('edits the bio with its counter, and Cancel puts it back', async () => {
    const me = await signedInSession(newUser('bio'));
    const page = await openOwnProfile(me);

    await page.getByTestId('edit-profile').click();
    const dialog = page.getByTestId('edit-profile-dialog');
    await dialog.waitFor();
    expect(await dialog.getByText('Username cannot be changed').count()).toBe(1);
    expect(await dialog.textContent()).toContain('To change your email, go to account settings');

    const bio = dialog.getByLabel('Bio');
    await bio.fill('x'.repeat(145));
    const counter = dialog.getByTestId('bio-counter');
    expect(await counter.textContent()).toBe('145/160');
    expect(await counter.getAttribute('data-warning')).toBe('true');
    await bio.fill('x'.repeat(200));
    expect(await counter.textContent()).toBe('160/160');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('edit-profile').click();
    expect(await page.getByTestId('edit-profile-dialog').getByLabel('Bio').inputValue()).toBe('');

    await page.getByTestId('edit-profile-dialog').getByLabel('Bio').fill('I collect lighthouses.');
    expect(await page.getByTestId('bio-counter').getAttribute('data-warning')).toBe('false');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated!');
    await page.getByTestId('edit-profile-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('profile-bio').filter({ hasText: 'I collect lighthouses.' }).waitFor();
    expect((await profileViaApi(null, me.user.username)).data.bio).toBe('I collect lighthouses.');
  });

  it('gives focus back to Edit Profile however the modal closes, also when a link opened it', async () => {
    const me = await signedInSession(newUser('focus'));
    const page = await openOwnProfile(me);
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const dialog = page.getByTestId('edit-profile-dialog');
    const pressEscape = () => page.keyboard.press('Escape');
    const ways = [
      ['keyboard', pressEscape],
      ['mouse', pressEscape],
      ['mouse', () => dialog.getByRole('button', { name: 'Cancel' }).click()],
      ['mouse', () => dialog.getByRole('button', { name: 'Close' }).click()],
      // The backdrop, beside the centred card.
      ['mouse', () => page.mouse.click(8, 400)],
    ] as const;
    for (const [opener, close] of ways) {
      if (opener === 'keyboard') {
        await page.getByTestId('edit-profile').focus();
        await page.keyboard.press('Enter');
      } else {
        await page.getByTestId('edit-profile').click();
      }
      await dialog.waitFor();
      await close();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(focused).toBe('edit-profile');
    }

    // Opened from the address (Settings links here): Escape lands on Edit Profile too.
    await gotoLive(page, '/settings/profile');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('edit-profile');
  }, 150_000);

  it('crops a photo into profile.jpg and saves it as the profile picture', async () => {
    const me = await signedInSession(newUser('photo'));
    const page = await openOwnProfile(me);
    // Record the file the page uploads (multipart bodies are not visible to request events).
    await page.addInitScript(() => {
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const file = init?.body instanceof FormData ? init.body.get('file') : null;
        if (file instanceof File) {
          (window as unknown as { sentPicture?: unknown }).sentPicture = {
            name: file.name,
            type: file.type,
          };
        }
        return send(input, init);
      };
    });
    await reloadLive(page);
    await page.getByTestId('profile-header').waitFor();
    await page.getByTestId('edit-profile').click();
    const input = page.getByTestId('profile-pic-input');

    // Over 5 MB is refused before anything is sent (the file is made in the page: fast).
    await input.evaluate((element: HTMLInputElement) => {
      const files = new DataTransfer();
      files.items.add(
        new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      );
      element.files = files.files;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expectToast(page, 'File too large', 'Profile picture must be less than 5MB');
    expect(await page.getByTestId('crop-dialog').count()).toBe(0);

    await input.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await pngImage(640, 400),
    });
    const crop = page.getByTestId('crop-dialog');
    await crop.waitFor();
    expect(await crop.getByRole('heading').first().textContent()).toBe('Crop Profile Picture');
    const zoom = crop.getByTestId('crop-zoom');
    expect(await zoom.evaluate((el: HTMLInputElement) => [el.min, el.max, el.step].join(' '))).toBe(
      '1 3 0.1',
    );
    expect(await crop.getByTestId('crop-rotation').evaluate((el: HTMLInputElement) => el.max)).toBe(
      '360',
    );
    await crop.getByRole('img', { name: 'Photo to crop' }).waitFor();
    await zoom.focus();
    for (let step = 0; step < 5; step += 1) await zoom.press('ArrowRight');
    expect(await zoom.inputValue()).toBe('1.5');
    // Enabled once the cropper reports its area.
    await crop.getByRole('button', { name: 'Apply Crop' }).click();
    await crop.waitFor({ state: 'detached' });
    await page
      .getByTestId('photo-pending')
      .filter({ hasText: 'New photo selected. Click save to apply changes.' })
      .waitFor();

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile picture updated!');
    // What the page sent: the cropped JPEG named profile.jpg (recorded by the init script).
    expect(
      await page.evaluate(() => (window as unknown as { sentPicture?: unknown }).sentPicture),
    ).toEqual({
      name: 'profile.jpg',
      type: 'image/jpeg',
    });

    const picture = (await profileViaApi(null, me.user.username)).data.profile_pic;
    expect(picture).toMatch(/^\/media\//);
    await page.getByTestId('profile-header').locator(`img[src="${picture}"]`).waitFor();
  });
});

describe('people: settings', () => {
  it('keeps privacy and theme changes, also on a fresh browser after signing in', async () => {
    const me = await signedInSession(newUser('prefs'));
    const page = await openSettings(me, 'privacy');
    expect(await page.getByTestId('save-settings').count()).toBe(0);

    const profileVisibility = page.getByRole('radiogroup', { name: 'Profile visibility' });
    await profileVisibility.getByRole('radio', { name: /Private/ }).click();
    await page.getByRole('switch', { name: 'Show email' }).click();
    await page.getByTestId('save-settings').waitFor();

    // Unsaved changes survive a reload.
    await reloadLive(page);
    await page.getByTestId('save-settings').waitFor();
    const privateCard = page
      .getByRole('radiogroup', { name: 'Profile visibility' })
      .getByRole('radio', { name: /Private/ });
    expect(await privateCard.getAttribute('aria-checked')).toBe('true');
    const stored = await page.evaluate(() => localStorage.getItem('user-settings') ?? '');
    expect(stored).toContain('"profileVisibility":"private"');
    expect(stored).not.toMatch(/password/i);

    // The theme applies at once.
    await page.getByRole('tab', { name: 'Display' }).click();
    expect(await isDark(page)).toBe(false);
    await page
      .getByRole('radiogroup', { name: 'Theme' })
      .getByRole('radio', { name: /Dark/ })
      .click();
    expect(await isDark(page)).toBe(true);

    await page.getByTestId('save-settings').click();
    await expectToast(page, 'Settings saved');
    await page.getByTestId('save-settings').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('user-settings'))).toBeNull();

    const { data: saved } = await apiAs<Record<string, unknown>>(
      me.accessToken,
      '/users/me/settings',
    );
    expect(saved).toMatchObject({ profileVisibility: 'private', showEmail: true, theme: 'dark' });
    expect((await profileViaApi(null, me.user.username)).data.restricted).toBe(true);

    // A fresh browser: sign in through the form.
    const fresh = await openPage('/auth/login');
    await fresh.getByLabel('Email', { exact: true }).fill(me.user.email);
    await fresh.getByLabel('Password', { exact: true }).fill(me.user.password);
    await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
    await fresh.waitForURL((url) => url.pathname === '/feed');
    await fresh.waitForFunction(() => document.documentElement.classList.contains('dark'));

    await fresh.goto('/settings?tab=privacy');
    const freshPrivate = fresh
      .getByRole('radiogroup', { name: 'Profile visibility' })
      .getByRole('radio', { name: /Private/ });
    await freshPrivate.waitFor();
    expect(await freshPrivate.getAttribute('aria-checked')).toBe('true');
    expect(
      await fresh.getByRole('switch', { name: 'Show email' }).getAttribute('aria-checked'),
    ).toBe('true');
    await fresh.getByRole('tab', { name: 'Display' }).click();
    expect(
      await fresh
        .getByRole('radiogroup', { name: 'Theme' })
        .getByRole('radio', { name: /Dark/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('changes the password through the dialog with the spec rules', async () => {
    const me = await signedInSession(newUser('pass'));
    const page = await openSettings(me);
    await page.getByTestId('change-password').click();
    const dialog = page.getByTestId('change-password-dialog');
    const submit = dialog.getByRole('button', { name: 'Change Password' });

    await submit.click();
    await expectToast(page, 'Required fields', 'Please fill in all password fields');

    await dialog.getByLabel('Current password').fill(me.user.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('shorx');
    expect(await dialog.getByTestId('password-hint').allTextContents()).toEqual([
      'Password must be at least 8 characters',
      "Passwords don't match",
    ]);
    await submit.click();
    await expectToast(page, "Passwords don't match", 'New password and confirmation must match');

    await dialog.getByLabel('Confirm new password').fill('short');
    await submit.click();
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters');

    const next = 'Brand-New-Plot-7';
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill(next);
    await dialog.getByLabel('Confirm new password').fill(next);
    expect(await dialog.getByTestId('password-hint').count()).toBe(0);
    await submit.click();
    await expectToast(page, 'Failed to change password', 'Current password is incorrect');

    const otherDevice = await tokenViaApi(me.user);
    await dialog.getByLabel('Current password').fill(me.user.password);
    await submit.click();
    await expectToast(page, 'Password changed');
    await dialog.waitFor({ state: 'detached' });

    // The session carries on with the new token: a reload stays signed in.
    await reloadLive(page);
    await page.getByTestId('settings-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await tokenViaApi({ ...me.user, password: next })).toBeTruthy();
    await expect(tokenViaApi(me.user)).rejects.toThrow();
    // Every other session ended; this one did not.
    expect((await apiAs(otherDevice, '/users/me')).status).toBe(401);
    expect((await apiAs(me.accessToken, '/users/me')).status).toBe(200);
  });

  it('exports my data as a JSON file named with the product, username and time', async () => {
    const me = await signedInSession(newUser('export'));
    await createStoryViaApi(me.accessToken, {
      title: 'Exported Tale',
      chapters: [{ title: 'One', content: '<p>Keep me.</p>' }],
    });
    const page = await openSettings(me);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export My Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(
        `^Storyloom_data_${me.user.username}_\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z\\.json$`,
      ),
    );
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.user).toMatchObject({ username: me.user.username, email: me.user.email });
    expect(data.settings.theme).toBe('system');
    expect(data.stories.map((story: { title: string }) => story.title)).toEqual(['Exported Tale']);
    expect(data.stories[0].chapters[0].content).toContain('Keep me.');
    await expectToast(page, 'Data exported');
  });

  it('deletes the account once the username and the password are given', async () => {
    const me = await signedInSession(newUser('leaver'));
    const page = await openSettings(me);
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    expect(await confirm.isDisabled()).toBe(true);

    const typed = dialog.getByLabel(`Type ${me.user.username} to confirm`);
    await typed.fill(me.user.username.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await typed.press('Enter');
    await expectToast(
      page,
      'Confirmation required',
      'Please type your username to confirm deletion',
    );

    await typed.fill(me.user.username);
    expect(await confirm.isDisabled()).toBe(false);
    const password = dialog.getByLabel('Current password');
    const passwordError = dialog.getByTestId('field-error');
    await confirm.click();
    expect(await passwordError.textContent()).toBe('Enter your password to delete your account');
    expect(await password.getAttribute('aria-invalid')).toBe('true');

    await password.fill('not-my-password');
    expect(await passwordError.count()).toBe(0);
    await confirm.click();
    await passwordError.waitFor();
    expect(await passwordError.textContent()).toBe('Password is incorrect');
    expect((await apiAs(me.accessToken, '/users/me')).status).toBe(200);

    await password.fill(me.user.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Account deleted');
    expect(
      await page
        .getByTestId('toast')
        .filter({ hasText: 'Account deleted' })
        .getAttribute('data-type'),
    ).toBe('info');
    const session = await page.evaluate(() => localStorage.getItem('auth-storage') ?? '');
    expect(session).toContain('"isAuthenticated":false');
    expect((await profileViaApi(null, me.user.username)).status).toBe(404);
    await expect(tokenViaApi(me.user)).rejects.toThrow();
  });

  it('signs out of all devices on the server', async () => {
    const me = await signedInSession(newUser('everywhere'));
    const otherDevice = await tokenViaApi(me.user);
    const page = await openSettings(me, 'security');
    expect(await page.getByRole('switch', { name: /Two-factor authentication/ }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByText('Coming Soon').count()).toBe(1);
    expect(
      await page.getByLabel('Auto-logout after inactivity').locator('option').allTextContents(),
    ).toEqual(['7 days', '14 days', '30 days', '90 days']);

    await page.getByRole('button', { name: 'Sign Out of All Devices' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Sign Out of All Devices' })
      .click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect((await apiAs(otherDevice, '/users/me')).status).toBe(401);
    expect((await apiAs(me.accessToken, '/users/me')).status).toBe(401);
  });
});

import { readFile } from 'node:fs/promises';
import { TAKE_ALONG_MESSAGES } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { apiAs, createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Take along (issue 23, docs/decisions/034-take-along.md): a visitor downloads a story from its
 * page as EPUB and as HTML, and the page links the story's Atom feed; a Mature story is refused
 * to a visitor with the reason.
 */
const { openPage } = useBrowser();
const SLOW = 120_000;

async function downloadFrom(page: Page, item: 'download-epub' | 'download-html') {
  await page.getByTestId('download-story').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('take along', () => {
  it('downloads a story as EPUB and as HTML from its page', { timeout: SLOW }, async () => {
    const tag = Date.now().toString(36);
    const author = await signedInSession();
    const story = await createStoryViaApi(author.accessToken, {
      title: `Lantern Road ${tag}`,
      chapters: [
        { title: 'Setting out', content: '<p>It began at dusk.</p>' },
        { title: 'Arriving', content: '<p>It ended at dawn.</p>' },
      ],
    });

    const page = await openPage(`/stories/${story.id}`);
    const feed = page.locator('link[rel="alternate"][type="application/atom+xml"]');
    expect(await feed.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toContain(
      `http://127.0.0.1:${new URL(page.url()).port}/api/stories/${story.id}/feed.atom`,
    );

    const epub = await downloadFrom(page, 'download-epub');
    expect(epub.name).toBe(`lantern-road-${tag}.epub`);
    // A ZIP whose first entry is `mimetype`, stored: its name and text sit right after the header.
    expect(epub.bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(epub.bytes.readUInt16LE(8)).toBe(0);
    expect(epub.bytes.toString('latin1', 30, 58)).toBe('mimetypeapplication/epub+zip');

    const html = await downloadFrom(page, 'download-html');
    expect(html.name).toBe(`lantern-road-${tag}.html`);
    const text = html.bytes.toString('utf8');
    expect(text).toContain(`<h1>Lantern Road ${tag}</h1>`);
    expect(text).toContain('It began at dusk.');
    expect(text).toContain('It ended at dawn.');
  });

  it('refuses a visitor a Mature story’s download, saying why', { timeout: SLOW }, async () => {
    const author = await signedInSession();
    const story = await createStoryViaApi(author.accessToken, {
      title: `Night Market ${Date.now().toString(36)}`,
      chapters: [{ title: 'One', content: '<p>Late.</p>' }],
    });
    await apiAs(author.accessToken, `/stories/${story.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ rating: 'mature' }),
    });
    const page = await openPage(`/stories/${story.id}`);
    // The notice comes first; Continue shows the page.
    await page.getByTestId('mature-notice').getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('download-story').click();
    await page.getByTestId('download-epub').click();
    await expectToast(page, TAKE_ALONG_MESSAGES.downloadFailed, TAKE_ALONG_MESSAGES.matureDownload);
  });
});

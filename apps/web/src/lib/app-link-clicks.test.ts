import { describe, expect, it } from 'vitest';
import { appLinkDestination, type LinkAnchor, type LinkClick } from './app-link-clicks';

const ORIGIN = 'https://storyloom.example';

const click = (over: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  defaultPrevented: false,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  target: null,
  ...over,
});

const anchor = (href: string, attributes: Record<string, string> = {}): LinkAnchor => ({
  href,
  target: attributes.target ?? '',
  hasAttribute: (name) => name in attributes,
});

describe('appLinkDestination', () => {
  it('navigates a plain click inside the app, keeping the query and hash', () => {
    expect(appLinkDestination(click(), anchor(`${ORIGIN}/stories/abc`), ORIGIN)).toBe(
      '/stories/abc',
    );
    expect(
      appLinkDestination(click(), anchor(`${ORIGIN}/stories?genre=Sci-Fi&page=2#top`), ORIGIN),
    ).toBe('/stories?genre=Sci-Fi&page=2#top');
  });

  it('leaves to the browser a click outside a link, or one a handler already took', () => {
    expect(appLinkDestination(click(), null, ORIGIN)).toBeNull();
    expect(
      appLinkDestination(click({ defaultPrevented: true }), anchor(`${ORIGIN}/`), ORIGIN),
    ).toBeNull();
  });

  it('leaves to the browser the other buttons and every modifier key (new tab, window, download)', () => {
    const link = anchor(`${ORIGIN}/stories/abc`);
    expect(appLinkDestination(click({ button: 1 }), link, ORIGIN)).toBeNull();
    expect(appLinkDestination(click({ button: 2 }), link, ORIGIN)).toBeNull();
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(appLinkDestination(click({ [key]: true }), link, ORIGIN)).toBeNull();
    }
  });

  it('leaves to the browser links that open elsewhere, download, or leave the origin', () => {
    expect(
      appLinkDestination(click(), anchor(`${ORIGIN}/terms`, { target: '_blank' }), ORIGIN),
    ).toBeNull();
    expect(
      appLinkDestination(click(), anchor(`${ORIGIN}/terms`, { target: '_self' }), ORIGIN),
    ).toBe('/terms');
    expect(
      appLinkDestination(click(), anchor(`${ORIGIN}/book.epub`, { download: '' }), ORIGIN),
    ).toBeNull();
    expect(appLinkDestination(click(), anchor('https://elsewhere.example/'), ORIGIN)).toBeNull();
    expect(appLinkDestination(click(), anchor('not a url'), ORIGIN)).toBeNull();
  });
});

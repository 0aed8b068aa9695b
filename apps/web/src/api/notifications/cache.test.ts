import type { Notification, Paged } from '@storyloom/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { markCachedRead, putNotificationFirst } from './cache';
import { notificationKeys } from './keys';

type Pages = InfiniteData<Paged<Notification>>;

const make = (id: string, read = false): Notification => ({
  id,
  type: 'follow',
  actors: [],
  actors_count: 1,
  story: null,
  chapter: null,
  comment: null,
  created_at: '2025-01-01T00:00:00.000Z',
  read_at: read ? '2025-01-02T00:00:00.000Z' : null,
});

const all = notificationKeys.list({ unread: false, limit: 2 });
const unread = notificationKeys.list({ unread: true, limit: 2 });

function cached() {
  const client = new QueryClient();
  const pages = (items: Notification[][], total: number): Pages => ({
    pageParams: items.map((_, i) => i + 1),
    pages: items.map((page, i) => ({ items: page, total, page: i + 1, limit: 2 })),
  });
  client.setQueryData(all, pages([[make('b'), make('c', true)], [make('d')]], 3));
  client.setQueryData(unread, pages([[make('b'), make('d')]], 2));
  const ids = (key: typeof all) =>
    client.getQueryData<Pages>(key)!.pages.map((page) => page.items.map((item) => item.id));
  const total = (key: typeof all) => client.getQueryData<Pages>(key)!.pages[0]!.total;
  return { client, ids, total };
}

describe('the cached lists', () => {
  it('take a new notification at the top of every list it belongs in', () => {
    const { client, ids, total } = cached();
    putNotificationFirst(client, make('a'));
    expect(ids(all)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(ids(unread)).toEqual([['a', 'b', 'd']]);
    expect([total(all), total(unread)]).toEqual([4, 3]);
  });

  it('move one with a new actor to the top instead of repeating it', () => {
    const { client, ids, total } = cached();
    putNotificationFirst(client, make('d'));
    expect(ids(all)).toEqual([['d', 'b', 'c'], []]);
    expect(total(all)).toBe(3);
  });

  it('mark them read, and the unread list lets them go', () => {
    const { client, ids, total } = cached();
    markCachedRead(client, ['b']);
    const first = client.getQueryData<Pages>(all)!.pages[0]!.items[0]!;
    expect(first.read_at).not.toBeNull();
    expect(ids(unread)).toEqual([['d']]);
    expect(total(unread)).toBe(1);
    markCachedRead(client, undefined);
    expect(ids(unread)).toEqual([[]]);
    const everyRead = client
      .getQueryData<Pages>(all)!
      .pages.flatMap((page) => page.items)
      .every((item) => item.read_at !== null);
    expect(everyRead).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import { connectNotificationStream, reconnectDelay } from './notification-stream';

const encoder = new TextEncoder();

/** A `text/event-stream` answer that sends `pieces` and then ends (or stays open). */
function stream(pieces: string[], { end = true } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (end) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

const notification = (id: string) => ({
  notification: { id, type: 'follow', actors: [], actors_count: 1, read_at: null },
  unread_count: 2,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const onUnauthorized = vi.fn();
const sent = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1].headers);

beforeEach(() => {
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  configureApi({ getToken: () => 'session-token', onUnauthorized, fetch: fetchMock });
});

afterEach(() => {
  configureApi({ getToken: () => null, onUnauthorized: () => {}, fetch: (u, i) => fetch(u, i) });
});

describe('connectNotificationStream', () => {
  it('hands on counts and notifications, and resumes after a drop from the last id', async () => {
    fetchMock
      .mockResolvedValueOnce(
        stream([
          'retry: 5\n\n',
          'event: count\ndata: {"count":1}\n\n',
          ': heartbeat\n\n',
          `event: notification\nid: 41\ndata: ${JSON.stringify(notification('a'))}\n\n`,
        ]),
      )
      .mockResolvedValueOnce(
        stream([`event: notification\nid: 42\ndata: ${JSON.stringify(notification('b'))}\n\n`], {
          end: false,
        }),
      );
    const onCount = vi.fn();
    const onNotification = vi.fn();
    const onOpen = vi.fn();
    const stop = connectNotificationStream({ onCount, onNotification, onOpen });
    await vi.waitFor(() => expect(onNotification).toHaveBeenCalledTimes(2));
    stop();

    expect(onCount).toHaveBeenCalledWith(1);
    expect(onNotification.mock.calls.map(([event]) => event.notification.id)).toEqual(['a', 'b']);
    expect(onOpen.mock.calls).toEqual([[false], [true]]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notifications/stream');
    expect(sent(0).get('Authorization')).toBe('Bearer session-token');
    expect(sent(0).get('Accept')).toBe('text/event-stream');
    expect(sent(0).has('Last-Event-ID')).toBe(false);
    expect(sent(1).get('Last-Event-ID')).toBe('41');
    await vi.waitFor(() => expect(fetchMock.mock.calls[1]?.[1].signal?.aborted).toBe(true));
  });

  it('tries again after a failure, and stops for good on a 401', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Not authenticated' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    vi.useFakeTimers();
    try {
      const stop = connectNotificationStream({ onCount: vi.fn(), onNotification: vi.fn() });
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledOnce());
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reconnectDelay', () => {
  it('starts at the server’s retry time or 3 s and doubles up to 30 s', () => {
    const within = (value: number, expected: number) => {
      expect(value).toBeGreaterThanOrEqual(expected * 0.9 - 1);
      expect(value).toBeLessThanOrEqual(expected * 1.1 + 1);
    };
    within(reconnectDelay(0, null), 3_000);
    within(reconnectDelay(1, null), 6_000);
    within(reconnectDelay(2, null), 12_000);
    within(reconnectDelay(5, null), 30_000);
    within(reconnectDelay(0, 1_000), 1_000);
    within(reconnectDelay(40, 1_000), 30_000);
  });
});

import type { NotificationEvent } from '@storyloom/shared';
import { ApiError, openStream } from '../../lib/api';
import { EventStreamParser, type ServerSentEvent } from '../../lib/sse';

/** What the stream tells (the events of `GET /notifications/stream`, docs/api.md). */
export type StreamHandlers = {
  /** `event: count`: the unread count (first on every connection, and after reads elsewhere). */
  onCount: (count: number) => void;
  /** `event: notification`: one that is new or has a new actor, and the unread count after. */
  onNotification: (event: NotificationEvent) => void;
  /**
   * A connection is open. `resumed`: it sent `Last-Event-ID`, so the server replays whatever
   * was missed; otherwise cached lists may be behind.
   */
  onOpen?: (resumed: boolean) => void;
};

/** Reconnection waits: the server's `retry:` or 3 s, doubling after each failure up to 30 s. */
export const RECONNECT = { initialMs: 3_000, maxMs: 30_000 } as const;
/**
 * A connection that sends nothing for this long (not even a heartbeat comment) is taken for
 * dead (a proxy or a sleeping laptop can leave one hanging) and replaced.
 */
const SILENCE_MS = 75_000;

/** The wait before reconnection attempt `failures` (0 after a connection that worked). */
export function reconnectDelay(failures: number, serverRetry: number | null): number {
  const base = serverRetry ?? RECONNECT.initialMs;
  const delay = Math.min(RECONNECT.maxMs, base * 2 ** Math.min(failures, 10));
  // ±10 %, so that tabs dropped together do not all come back in the same instant.
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Keeps `GET /notifications/stream` open with the session's token until the returned function
 * is called: read with fetch (EventSource cannot send the Authorization header), reconnected
 * after a drop with `Last-Event-ID` so the server replays what was missed, never twice. A 401
 * ends the session (lib/api.ts), and with it the stream.
 */
export function connectNotificationStream(handlers: StreamHandlers): () => void {
  const stopped = new AbortController();
  let lastEventId = '';
  let serverRetry: number | null = null;
  let failures = 0;
  let wake: (() => void) | undefined;

  const onEvent = (event: ServerSentEvent) => {
    const body = parseJson(event.data);
    if (!isRecord(body)) return;
    if (event.type === 'count' && typeof body.count === 'number') {
      handlers.onCount(body.count);
    } else if (
      event.type === 'notification' &&
      isRecord(body.notification) &&
      typeof body.unread_count === 'number'
    ) {
      handlers.onNotification(body as NotificationEvent);
    }
  };

  /** One connection, until it ends or fails. */
  async function connect() {
    const connection = new AbortController();
    const stop = () => connection.abort();
    stopped.signal.addEventListener('abort', stop, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(stop, SILENCE_MS);
    };
    const resumed = lastEventId !== '';
    const parser = new EventStreamParser(onEvent, lastEventId);
    try {
      listen();
      const body = await openStream('/notifications/stream', {
        signal: connection.signal,
        headers: resumed ? { 'Last-Event-ID': lastEventId } : {},
      });
      handlers.onOpen?.(resumed);
      const reader = body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        listen();
        parser.feed(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId;
        serverRetry = parser.retry ?? serverRetry;
        // Something arrived: this connection worked, so the next wait starts short again.
        failures = 0;
      }
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', stop);
      connection.abort();
      parser.end();
    }
  }

  /** Waits `ms`, less if the browser comes back online or the stream is stopped. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        globalThis.removeEventListener?.('online', done);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      globalThis.addEventListener?.('online', done);
      wake = done;
    });

  async function run() {
    while (!stopped.signal.aborted) {
      let wait: number;
      try {
        await connect();
        wait = reconnectDelay(failures, serverRetry);
      } catch (error) {
        if (stopped.signal.aborted) return;
        // Signed out (lib/api.ts ended the session): nothing to stream any more.
        if (error instanceof ApiError && error.status === 401) return;
        const tooMany = error instanceof ApiError && error.status === 429;
        wait = tooMany ? RECONNECT.maxMs : reconnectDelay(failures, serverRetry);
        failures += 1;
      }
      if (stopped.signal.aborted) return;
      await pause(wait);
    }
  }

  void run();
  return () => {
    stopped.abort();
    wake?.();
  };
}

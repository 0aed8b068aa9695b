import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * What the API processes share through Redis when REDIS_URL is set
 * (docs/decisions/037-shared-state-and-read-replicas.md): rate-limit counters, and two
 * publish/subscribe channels, one emptying every process's visitors' cache on a write, one
 * waking every process's notification streams. Redis is never where data lives: while it is
 * unreachable each process falls back to what it does alone (its own counters, its own cache
 * and streams, which the cache's TTL and the streams' poll bound), logs it once, and answers
 * as usual.
 */
export interface SharedState {
  /** The command connection. It fails at once (never queues) while Redis is unreachable. */
  redis: Redis;
  /** Starts every key and channel name (REDIS_PREFIX). */
  prefix: string;
  /** Sends `message` to every other process listening on `channel`; never throws. */
  publish(channel: string, message: string): void;
  /** Calls `listener` with each message another process publishes on `channel`. */
  subscribe(channel: string, listener: (message: string) => void): void;
  /**
   * Calls `listener` when the subscription comes back after Redis was unreachable: messages
   * sent meanwhile were lost, so what they would have done is done once now.
   */
  onResubscribed(listener: () => void): void;
  /** Resolves true once both connections are up, false if they are not within `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** A command waits this long for Redis at most: a hung Redis must not hang requests. */
const COMMAND_TIMEOUT_MS = 500;
/** Reconnection waits grow by this much per try, up to the cap. */
const RETRY_STEP_MS = 100;
const RETRY_CAP_MS = 2_000;

export function createSharedState(
  options: { url: string; prefix: string },
  log: FastifyBaseLogger,
): SharedState {
  const common: RedisOptions = {
    retryStrategy: (times) => Math.min(times * RETRY_STEP_MS, RETRY_CAP_MS),
    connectionName: `storyloom-${process.pid}`,
  };
  const redis = new Redis(options.url, {
    ...common,
    // Fail fast while disconnected: the rate limiter then counts in this process instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // The subscriber queues its SUBSCRIBE until connected and subscribes again after a reconnect.
  const subscriber = new Redis(options.url, { ...common, autoResubscribe: true });
  // Each process tells its own messages from the others' (it has already acted on its own).
  const origin = randomUUID();
  const listeners = new Map<string, ((message: string) => void)[]>();
  const resubscribed: (() => void)[] = [];

  let down = false;
  const onError = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'redis unavailable: counting and caching in this process alone');
  };
  redis.on('error', onError);
  subscriber.on('error', onError);
  let subscriberLost = false;
  subscriber.on('close', () => {
    subscriberLost = true;
  });
  subscriber.on('ready', () => {
    if (down) {
      down = false;
      log.info('redis available again');
    }
    if (!subscriberLost) return;
    subscriberLost = false;
    for (const listener of resubscribed) listener();
  });

  subscriber.on('message', (channel: string, raw: string) => {
    const split = raw.indexOf('\n');
    if (split < 0 || raw.slice(0, split) === origin) return;
    const message = raw.slice(split + 1);
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(message);
      } catch (error) {
        log.error({ err: error, channel }, 'shared state listener failed');
      }
    }
  });

  const channelName = (channel: string) => `${options.prefix}${channel}`;

  return {
    redis,
    prefix: options.prefix,
    publish(channel, message) {
      redis.publish(channelName(channel), `${origin}\n${message}`).catch(() => {
        // Unreachable: logged once by onError; the others' TTLs and polls cover the loss.
      });
    },
    subscribe(channel, listener) {
      const name = channelName(channel);
      const list = listeners.get(name);
      if (list) {
        list.push(listener);
        return;
      }
      listeners.set(name, [listener]);
      subscriber.subscribe(name).catch((error: Error) => onError(error));
    },
    onResubscribed(listener) {
      resubscribed.push(listener);
    },
    async ready(timeoutMs) {
      const up = (client: Redis) =>
        client.status === 'ready'
          ? Promise.resolve()
          : new Promise<void>((resolve) => client.once('ready', () => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const result = await Promise.race([
        Promise.all([up(redis), up(subscriber)]).then(() => true as const),
        timeout,
      ]);
      clearTimeout(timer);
      return result;
    },
    async close() {
      for (const client of [redis, subscriber]) {
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
    },
  };
}

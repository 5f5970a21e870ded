import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { ServerEvent } from '@castline/shared';

/**
 * One delivery: an event for a room. Rooms are `user:<id>` (every socket of that member),
 * `session:<id>` (the sockets that session opened) and `presence` (every instance; each
 * delivers to its sockets that watch the member).
 */
export interface BusEnvelope {
  room: string;
  event: ServerEvent;
}

export type BusHandler = (envelope: BusEnvelope) => void;

/** Fans events out to every server instance: in-process by default, Redis pub/sub when REDIS_URL is set. */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(envelope: BusEnvelope): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  /**
   * Tells when events may have been missed: the bus lost its link and has it again (Redis
   * restarted). The memory bus never misses one.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

export function userRoom(userId: string): string {
  return `user:${userId}`;
}
/** The sockets one session opened (a `session.ended` event there closes them). */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
export const PRESENCE_ROOM = 'presence';
/** Every socket of every instance (forum and profile content changes). */
export const EVERYONE_ROOM = 'everyone';

/** One process: events go straight to this instance's subscribers. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(envelope) {
      emitter.emit('event', envelope);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    onGap() {
      return () => undefined;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const BusEnvelopeShape = {
  parse(raw: string): BusEnvelope | null {
    try {
      const value = JSON.parse(raw) as { room?: unknown; event?: unknown };
      if (typeof value.room !== 'string') return null;
      const event = ServerEvent.safeParse(value.event);
      return event.success ? { room: value.room, event: event.data } : null;
    } catch {
      return null;
    }
  },
};

/**
 * Redis pub/sub on one channel (`<prefix>realtime`): every instance publishes there and hears
 * every event, so a message sent through one instance reaches sockets held by another.
 */
export async function createRedisBus(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void = () => {},
): Promise<EventBus> {
  const channel = `${prefix}realtime`;
  // Named, so that CLIENT LIST tells the realtime subscribers apart.
  const subscriber = redis.duplicate({ connectionName: `${prefix}realtime-subscriber` });
  const handlers = new Set<BusHandler>();
  subscriber.on('message', (received: string, raw: string) => {
    if (received !== channel) return;
    const envelope = BusEnvelopeShape.parse(raw);
    if (!envelope) return;
    for (const handler of handlers) {
      try {
        handler(envelope);
      } catch (error) {
        onError(error);
      }
    }
  });
  subscriber.on('error', onError);
  await subscriber.subscribe(channel);
  // Redis pub/sub keeps nothing for a subscriber that is away: once the link is back (ioredis
  // subscribes again), what was published meanwhile is lost, so the listeners are told.
  const gapListeners = new Set<() => void>();
  let away = false;
  subscriber.on('close', () => {
    away = true;
  });
  subscriber.on('ready', () => {
    if (!away) return;
    away = false;
    for (const listener of gapListeners) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  });
  return {
    kind: 'redis',
    async publish(envelope) {
      await redis.publish(channel, JSON.stringify(envelope));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {
      handlers.clear();
      gapListeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

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
  const subscriber = redis.duplicate();
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
  return {
    kind: 'redis',
    async publish(envelope) {
      await redis.publish(channel, JSON.stringify(envelope));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

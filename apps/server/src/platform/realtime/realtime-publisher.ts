import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '@castline/shared';
import { EVERYONE_ROOM, PRESENCE_ROOM, sessionRoom, userRoom, type EventBus } from '../bus/event-bus.js';

/**
 * What services use to push events. Call it only after the transaction that made the change has
 * committed; a publish failure is logged, never turned into a failed request (the client's
 * catch-up fetch after a reconnect covers a lost event).
 */
export interface RealtimePublisher {
  toUser(userId: string, event: ServerEvent): void;
  toUsers(userIds: Iterable<string>, event: ServerEvent): void;
  presence(event: Extract<ServerEvent, { type: 'presence' }>): void;
  /** Every connected member (forum and profile content changes). */
  toEveryone(event: ServerEvent): void;
  /**
   * These sessions ended: every instance tells their sockets why (`message`) and closes them.
   * Call it after the session rows are gone (committed).
   */
  endSessions(sessionIds: Iterable<string>, message: string): void;
  /** Every session of this member ended (ban, password reset, account deletion). */
  endMemberSessions(userId: string, message: string): void;
}

export function createRealtimePublisher(bus: EventBus, logger: FastifyBaseLogger): RealtimePublisher {
  const send = (room: string, event: ServerEvent) => {
    bus.publish({ room, event }).catch((error: unknown) => {
      logger.warn({ err: error, room, type: event.type }, 'realtime publish failed');
    });
  };
  return {
    toUser(userId, event) {
      send(userRoom(userId), event);
    },
    toUsers(userIds, event) {
      for (const id of new Set(userIds)) send(userRoom(id), event);
    },
    presence(event) {
      send(PRESENCE_ROOM, event);
    },
    toEveryone(event) {
      send(EVERYONE_ROOM, event);
    },
    endSessions(sessionIds, message) {
      for (const id of new Set(sessionIds)) send(sessionRoom(id), { type: 'session.ended', message });
    },
    endMemberSessions(userId, message) {
      send(userRoom(userId), { type: 'session.ended', message });
    },
  };
}

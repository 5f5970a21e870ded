import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ClientFrame,
  PRESENCE,
  REALTIME_CLOSE,
  REALTIME_FRAME_MAX_BYTES,
  type PresenceDto,
  type ServerEvent,
} from '@castline/shared';
import { EVERYONE_ROOM, PRESENCE_ROOM, type EventBus } from '../../platform/bus/event-bus.js';
import type { PresenceRepository } from './presence.repository.js';
import type { RealtimePublisher } from './realtime.publisher.js';

/** A socket not heard from (frames or pongs) for this long is closed. */
const SILENT_LIMIT_MS = PRESENCE.heartbeatMs * 2.5;
/** At most this many frames a second from one socket; more are refused. */
const FRAMES_PER_SECOND = 20;

interface Connection {
  id: string;
  userId: string;
  socket: WebSocket;
  watched: Set<string>;
  lastHeard: number;
  frameWindowStart: number;
  framesInWindow: number;
}

export interface RealtimeHubDeps {
  bus: EventBus;
  presence: PresenceRepository;
  publisher: RealtimePublisher;
  logger: FastifyBaseLogger;
  /** Names this instance's rows in presence_connections. */
  instanceId?: string;
  heartbeatMs?: number;
}

/** The close code of a socket whose member's sessions were ended by staff. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * This instance's sockets. It hears every bus event and delivers those for `user:<id>` rooms to
 * that member's sockets here, and presence events to the sockets here that watch the member.
 */
export function createRealtimeHub({
  bus,
  presence,
  publisher,
  logger,
  instanceId = randomUUID(),
  heartbeatMs = PRESENCE.heartbeatMs,
}: RealtimeHubDeps) {
  const byUser = new Map<string, Set<Connection>>();
  const watchers = new Map<string, Set<Connection>>();
  let closing = false;

  const send = (connection: Connection, event: ServerEvent) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(event));
  };

  const unsubscribe = bus.subscribe(({ room, event }) => {
    if (room === PRESENCE_ROOM) {
      if (event.type !== 'presence') return;
      for (const connection of watchers.get(event.presence.user_id) ?? []) send(connection, event);
      return;
    }
    if (room === EVERYONE_ROOM) {
      for (const set of byUser.values()) for (const connection of set) send(connection, event);
      return;
    }
    if (room.startsWith('user:')) {
      for (const connection of [...(byUser.get(room.slice(5)) ?? [])]) {
        send(connection, event);
        // The member's sessions are gone: this socket must not go on hearing their events.
        if (event.type === 'session.ended')
          connection.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
      }
    }
  });

  async function announce(userId: string): Promise<void> {
    const [current] = await presence.read([userId]);
    if (current) publisher.presence({ type: 'presence', presence: current });
  }

  function watch(connection: Connection, userIds: readonly string[]): void {
    for (const id of connection.watched) watchers.get(id)?.delete(connection);
    connection.watched = new Set(userIds);
    for (const id of connection.watched) {
      let set = watchers.get(id);
      if (!set) watchers.set(id, (set = new Set()));
      set.add(connection);
    }
  }

  function forget(connection: Connection): void {
    watch(connection, []);
    const own = byUser.get(connection.userId);
    own?.delete(connection);
    if (own?.size === 0) byUser.delete(connection.userId);
  }

  async function handleFrame(connection: Connection, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'ping':
        send(connection, { type: 'pong', at: new Date().toISOString() });
        return;
      case 'presence.status':
        await presence.setStatus(connection.id, frame.status);
        await announce(connection.userId);
        return;
      case 'presence.watch': {
        watch(connection, frame.user_ids);
        // The current presence of everyone now watched, so the tab starts right.
        for (const current of await presence.read(frame.user_ids)) {
          send(connection, { type: 'presence', presence: current });
        }
        return;
      }
      case 'typing':
        if (frame.recipient_id === connection.userId) return;
        if (await presence.eitherBlocked(connection.userId, frame.recipient_id)) return;
        publisher.toUser(frame.recipient_id, {
          type: 'typing',
          user_id: connection.userId,
          typing: frame.typing,
        });
        return;
    }
  }

  function onRawFrame(connection: Connection, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    connection.lastHeard = Date.now();
    const now = Date.now();
    if (now - connection.frameWindowStart >= 1000) {
      connection.frameWindowStart = now;
      connection.framesInWindow = 0;
    }
    connection.framesInWindow += 1;
    if (connection.framesInWindow > FRAMES_PER_SECOND) {
      send(connection, { type: 'error', code: 'RATE_LIMITED', message: 'Too many frames; slow down.' });
      return;
    }
    const text = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
    if (isBinary || text.byteLength > REALTIME_FRAME_MAX_BYTES) {
      send(connection, { type: 'error', code: 'BAD_FRAME', message: 'Frames are JSON text.' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.toString('utf8'));
    } catch {
      send(connection, { type: 'error', code: 'BAD_FRAME', message: 'Frames are JSON text.' });
      return;
    }
    const frame = ClientFrame.safeParse(parsed);
    if (!frame.success) {
      send(connection, { type: 'error', code: 'BAD_FRAME', message: 'Unknown or invalid frame.' });
      return;
    }
    handleFrame(connection, frame.data).catch((error: unknown) => {
      logger.warn({ err: error, frame: frame.data.type }, 'realtime frame failed');
      send(connection, { type: 'error', code: 'FAILED', message: 'That did not work; try again.' });
    });
  }

  async function open(socket: WebSocket, userId: string): Promise<void> {
    const connection: Connection = {
      id: randomUUID(),
      userId,
      socket,
      watched: new Set(),
      lastHeard: Date.now(),
      frameWindowStart: Date.now(),
      framesInWindow: 0,
    };
    let own = byUser.get(userId);
    if (!own) byUser.set(userId, (own = new Set()));
    own.add(connection);
    // Frames that arrive while the connection row is written wait for it.
    const pending: [Buffer | ArrayBuffer | Buffer[], boolean][] = [];
    let ready = false;
    socket.on('message', (raw, isBinary) => {
      if (ready) onRawFrame(connection, raw, isBinary);
      else pending.push([raw, isBinary]);
    });
    socket.on('pong', () => {
      connection.lastHeard = Date.now();
    });
    socket.on('close', () => {
      forget(connection);
      if (closing) return;
      presence
        .disconnect(connection.id, userId)
        .then(() => announce(userId))
        .catch((error: unknown) => logger.warn({ err: error }, 'presence disconnect failed'));
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'realtime socket error'));
    try {
      await presence.connect(connection.id, userId, instanceId);
    } catch (error) {
      logger.warn({ err: error }, 'presence connect failed');
      forget(connection);
      socket.close(1011, 'Try again');
      return;
    }
    ready = true;
    send(connection, { type: 'ready', user_id: userId, connection_id: connection.id });
    for (const [raw, isBinary] of pending.splice(0)) onRawFrame(connection, raw, isBinary);
    await announce(userId).catch((error: unknown) => logger.warn({ err: error }, 'presence announce failed'));
  }

  const timer = setInterval(() => {
    const now = Date.now();
    for (const set of byUser.values()) {
      for (const connection of set) {
        if (now - connection.lastHeard > SILENT_LIMIT_MS) connection.socket.terminate();
        else if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
      }
    }
    presence
      .touchInstance(instanceId)
      .then(() => presence.sweepStale())
      .then(async (gone) => {
        for (const userId of gone) await announce(userId);
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'presence heartbeat failed'));
  }, heartbeatMs);
  timer.unref();

  return {
    instanceId,
    open,
    /** How many sockets this instance holds (all members). */
    get connectionCount(): number {
      let total = 0;
      for (const set of byUser.values()) total += set.size;
      return total;
    },
    async readPresence(userIds: readonly string[]): Promise<PresenceDto[]> {
      return presence.read(userIds);
    },
    /** Closes every socket here and removes this instance's presence rows. */
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      clearInterval(timer);
      unsubscribe();
      for (const set of byUser.values()) {
        for (const connection of set)
          connection.socket.close(REALTIME_CLOSE.serverShutdown, 'Server restarting');
      }
      try {
        const gone = await presence.dropInstance(instanceId);
        for (const userId of gone) await announce(userId);
      } catch (error) {
        logger.warn({ err: error }, 'presence cleanup on shutdown failed');
      }
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

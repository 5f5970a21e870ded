import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ClientFrame,
  PRESENCE,
  REALTIME_CLOSE,
  REALTIME_FRAME_MAX_BYTES,
  SHELL_MESSAGES,
  type PresenceDto,
  type ServerEvent,
} from '@castline/shared';
import { EVERYONE_ROOM, PRESENCE_ROOM, type EventBus } from '../../platform/bus/event-bus.js';
import type { PresenceRepository } from './presence.repository.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';

/** A socket not heard from (frames or pongs) for this long is closed. */
const SILENT_LIMIT_MS = PRESENCE.heartbeatMs * 2.5;
/** At most this many frames a second from one socket; more are refused. */
const FRAMES_PER_SECOND = 20;
/** The longest delay setTimeout takes (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * The heartbeat (a ping, or closing a socket silent too long) and the session backstop each visit
 * every socket once an interval, a slice of them at a time: the sockets are dealt into this many
 * slices as they open, and each tick of an interval visits one. Visiting thousands of sockets in
 * one go held the event loop for a quarter of a second every 30 s, and the messages sent meanwhile
 * waited (the realtime bench's p99).
 */
const SLICES = 30;
/**
 * A socket whose session the backstop finds gone is closed this long after, unless the event that
 * ended the session arrives first: a sign-out deletes the session, then publishes why, and the
 * page should hear that reason, not the backstop's.
 */
export const SESSION_GONE_GRACE_MS = 1000;

/** The session a socket was opened with. */
export interface SocketSession {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

/** Reads when sessions expire; a session that no longer exists is absent from the answer. */
export interface SessionLookup {
  expiries(sessionIds: readonly string[]): Promise<Map<string, Date>>;
}

interface Connection {
  id: string;
  userId: string;
  sessionId: string;
  expiresAt: Date;
  /** Fires when the session expires (then the session is read again: use may have extended it). */
  expiryTimer: NodeJS.Timeout | undefined;
  /** Set once the backstop found the session gone: closes the socket unless an event does first. */
  goneTimer: NodeJS.Timeout | undefined;
  socket: WebSocket;
  watched: Set<string>;
  lastHeard: number;
  frameWindowStart: number;
  framesInWindow: number;
  /** Which slice of the heartbeat and session check visits it. */
  slice: number;
}

export interface RealtimeHubDeps {
  bus: EventBus;
  presence: PresenceRepository;
  sessions: SessionLookup;
  publisher: RealtimePublisher;
  logger: FastifyBaseLogger;
  /** Names this instance's rows in presence_connections. */
  instanceId?: string;
  heartbeatMs?: number;
  /**
   * How often every socket's session is read again, a backstop for a session that ended without
   * its `session.ended` event reaching this instance (default: the heartbeat).
   */
  sessionCheckMs?: number;
}

/**
 * This instance's sockets, each belonging to the session that opened it. It hears every bus
 * event and delivers those for `user:<id>` rooms to that member's sockets here, and presence
 * events to the sockets here that watch the member. A `session.ended` event for a member or a
 * session closes the sockets it names; a socket is also closed when its session expires, and every
 * `sessionCheckMs` the sessions of all sockets here are read again (a socket whose session is gone
 * closes `SESSION_GONE_GRACE_MS` later, unless the event saying why arrives first).
 */
export function createRealtimeHub({
  bus,
  presence,
  sessions,
  publisher,
  logger,
  instanceId = randomUUID(),
  heartbeatMs = PRESENCE.heartbeatMs,
  sessionCheckMs = heartbeatMs,
}: RealtimeHubDeps) {
  const byUser = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const watchers = new Map<string, Set<Connection>>();
  /** Every connection here, dealt into SLICES sets as they open. */
  const slices = Array.from({ length: SLICES }, () => new Set<Connection>());
  let dealt = 0;
  let closing = false;

  const send = (connection: Connection, event: ServerEvent) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(event));
  };

  /** The session is over: the page hears why, and the socket closes for good. */
  function endConnection(connection: Connection, message: string): void {
    forget(connection);
    send(connection, { type: 'session.ended', message });
    connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
  }

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
    const [kind, id] = [room.slice(0, room.indexOf(':')), room.slice(room.indexOf(':') + 1)];
    const targets = kind === 'user' ? byUser.get(id) : kind === 'session' ? bySession.get(id) : undefined;
    for (const connection of [...(targets ?? [])]) {
      // The session is gone: this socket must not go on hearing the member's events.
      if (event.type === 'session.ended') endConnection(connection, event.message);
      else send(connection, event);
    }
  });

  // Events may have been lost while the bus was away (a Redis restart): every socket here is
  // asked to reconnect, and its page fetches again what it shows.
  const stopGapWatch = bus.onGap(() => {
    for (const set of byUser.values()) {
      for (const connection of set) connection.socket.close(REALTIME_CLOSE.eventsMissed, 'Events missed');
    }
  });

  /** Closes the sockets whose session is gone or past its end; the others learn their current end. */
  async function checkSessions(connections: readonly Connection[]): Promise<void> {
    if (connections.length === 0) return;
    const expiries = await sessions.expiries([...new Set(connections.map((c) => c.sessionId))]);
    const now = Date.now();
    for (const connection of connections) {
      if (!bySession.get(connection.sessionId)?.has(connection)) continue;
      const expiresAt = expiries.get(connection.sessionId);
      if (!expiresAt) {
        endUnlessHeard(connection);
        continue;
      }
      if (expiresAt.getTime() <= now) {
        endConnection(connection, SHELL_MESSAGES.sessionExpired);
        continue;
      }
      if (expiresAt.getTime() !== connection.expiresAt.getTime()) {
        connection.expiresAt = expiresAt;
        scheduleExpiry(connection);
      }
    }
  }

  /** The session is gone without its event having arrived here (yet): the event gets a moment. */
  function endUnlessHeard(connection: Connection): void {
    if (connection.goneTimer) return;
    // forget() clears the timer: it fires only for a socket still open here.
    connection.goneTimer = setTimeout(
      () => endConnection(connection, SHELL_MESSAGES.sessionExpired),
      SESSION_GONE_GRACE_MS,
    );
    connection.goneTimer.unref();
  }

  function scheduleExpiry(connection: Connection): void {
    clearTimeout(connection.expiryTimer);
    const delay = Math.min(Math.max(0, connection.expiresAt.getTime() - Date.now()), MAX_TIMER_MS);
    connection.expiryTimer = setTimeout(() => {
      checkSessions([connection]).catch((error: unknown) =>
        logger.warn({ err: error }, 'realtime session check failed'),
      );
    }, delay);
    connection.expiryTimer.unref();
  }

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
    clearTimeout(connection.expiryTimer);
    clearTimeout(connection.goneTimer);
    watch(connection, []);
    const own = byUser.get(connection.userId);
    own?.delete(connection);
    if (own?.size === 0) byUser.delete(connection.userId);
    const opened = bySession.get(connection.sessionId);
    opened?.delete(connection);
    if (opened?.size === 0) bySession.delete(connection.sessionId);
    slices[connection.slice]?.delete(connection);
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

  async function open(socket: WebSocket, session: SocketSession): Promise<void> {
    const { userId, sessionId } = session;
    const connection: Connection = {
      id: randomUUID(),
      userId,
      sessionId,
      expiresAt: session.expiresAt,
      expiryTimer: undefined,
      goneTimer: undefined,
      socket,
      watched: new Set(),
      lastHeard: Date.now(),
      frameWindowStart: Date.now(),
      framesInWindow: 0,
      slice: dealt++ % SLICES,
    };
    slices[connection.slice]!.add(connection);
    let own = byUser.get(userId);
    if (!own) byUser.set(userId, (own = new Set()));
    own.add(connection);
    let opened = bySession.get(sessionId);
    if (!opened) bySession.set(sessionId, (opened = new Set()));
    opened.add(connection);
    scheduleExpiry(connection);
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

  let heartbeatTick = 0;
  const timer = setInterval(() => {
    const slice = heartbeatTick++ % SLICES;
    const now = Date.now();
    for (const connection of slices[slice]!) {
      if (now - connection.lastHeard > SILENT_LIMIT_MS) connection.socket.terminate();
      else if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping();
    }
    if (slice !== 0) return;
    presence
      .touchInstance(instanceId)
      .then(() => presence.sweepStale())
      .then(async (gone) => {
        for (const userId of gone) await announce(userId);
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'presence heartbeat failed'));
  }, heartbeatMs / SLICES);
  timer.unref();

  // The backstop: every socket's session is read again each interval, one slice (one query) a tick.
  let sessionTick = 0;
  const sessionTimer = setInterval(() => {
    const held = [...slices[sessionTick++ % SLICES]!];
    checkSessions(held).catch((error: unknown) =>
      logger.warn({ err: error }, 'realtime session check failed'),
    );
  }, sessionCheckMs / SLICES);
  sessionTimer.unref();

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
      clearInterval(sessionTimer);
      unsubscribe();
      stopGapWatch();
      for (const set of byUser.values()) {
        for (const connection of set) {
          clearTimeout(connection.expiryTimer);
          clearTimeout(connection.goneTimer);
          connection.socket.close(REALTIME_CLOSE.serverShutdown, 'Server restarting');
        }
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

import { describe, expect, it } from 'vitest';
import { signedInMember } from './factories.js';
import { listen, openSocket, type TestSocket } from './realtime-client.js';
import { useTestApp } from './test-app.js';

/** A heartbeat interval short enough for a test: 30 slices of 40 ms. */
const HEARTBEAT_MS = 1200;
const SOCKETS = 30;

const t = useTestApp({ realtimeHeartbeatMs: HEARTBEAT_MS });

describe('the realtime heartbeat', () => {
  it('pings every socket once an interval, a few at a time rather than all at once', async () => {
    const url = await listen(t.app);
    const sockets: TestSocket[] = [];
    const firstPing = new Map<number, number>();
    for (let i = 0; i < SOCKETS; i++) {
      const member = await signedInMember(t.app, t.database.db);
      const socket = await openSocket(url, member.cookie);
      socket.socket.on('ping', () => {
        if (!firstPing.has(i)) firstPing.set(i, performance.now());
      });
      sockets.push(socket);
    }
    try {
      // Each socket is pinged within two intervals of opening (the client answers with a pong).
      await expect.poll(() => firstPing.size, { timeout: HEARTBEAT_MS * 3, interval: 20 }).toBe(SOCKETS);

      // Spread over the interval: visiting all the sockets in one go held the event loop for
      // everything else an instance does (a quarter of a second at 2,500 sockets).
      const times = [...firstPing.values()].sort((a, b) => a - b);
      const busiest = Math.max(
        ...times.map((start) => times.filter((at) => at >= start && at < start + 10).length),
      );
      expect(busiest).toBeLessThanOrEqual(SOCKETS / 5);
      expect(times.at(-1)! - times[0]!).toBeGreaterThan(HEARTBEAT_MS / 3);
      expect(sockets.every((socket) => socket.socket.readyState === socket.socket.OPEN)).toBe(true);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });
});

/**
 * A round-robin TCP load balancer for the benchmarks (node:net, no HTTP parsing): each client
 * connection goes to the next backend in turn and its bytes are piped both ways, so HTTP
 * keep-alive connections and WebSocket upgrades pass through alike. A backend that refuses the
 * connection (stopped, killed, not listening yet) is skipped for the next one, as a load balancer
 * with passive health checks does; when every backend refuses, the client's connection is closed.
 * A backend connection that dies closes its client connection (requests in flight on it fail).
 */
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface TcpBalancer {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The client-side ports (the clients' own local ports) of the open connections to backend `index`. */
  clientPortsOn(index: number): number[];
  /** Connections refused by each backend, and client connections closed because all refused. */
  readonly refused: number[];
  readonly unserved: number;
  close(): Promise<void>;
}

export async function startTcpBalancer(backends: readonly Backend[]): Promise<TcpBalancer> {
  let next = 0;
  const refused = backends.map(() => 0);
  let unserved = 0;
  /** Open client connections: the client's port and the backend it was sent to. */
  const open = new Map<net.Socket, { clientPort: number; backend: number }>();

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    client.setNoDelay(true);
    client.on('error', () => undefined);
    // This connection's turn; a refused backend passes it on to the following one.
    const first = next % backends.length;
    next += 1;
    const tryBackend = (tried: number) => {
      if (client.destroyed) return;
      if (tried >= backends.length) {
        unserved += 1;
        client.destroy();
        return;
      }
      const index = (first + tried) % backends.length;
      const backend = backends[index]!;
      const upstream = net.connect({ host: backend.host, port: backend.port });
      upstream.setNoDelay(true);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        if (client.destroyed) {
          upstream.destroy();
          return;
        }
        open.set(client, { clientPort: client.remotePort ?? 0, backend: index });
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected) {
          if (error.code === 'ECONNREFUSED') refused[index] = (refused[index] ?? 0) + 1;
          tryBackend(tried + 1);
        }
      });
      upstream.on('close', () => {
        if (connected) client.destroy();
      });
      client.on('close', () => {
        open.delete(client);
        upstream.destroy();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    clientPortsOn: (index) =>
      [...open.values()].filter((entry) => entry.backend === index).map((entry) => entry.clientPort),
    refused,
    get unserved() {
      return unserved;
    },
    async close() {
      for (const client of open.keys()) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

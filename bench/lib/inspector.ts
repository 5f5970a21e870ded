/**
 * A server process's own view of its memory, read through the V8 inspector it was started with
 * (`node --inspect=127.0.0.1:<port>`): the bench collects the process's garbage and reads
 * `process.memoryUsage()` inside it, as a suite holding the servers in its own process reads its
 * own. Nothing is added to the server for this: the inspector is Node's.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';

interface InspectorTarget {
  webSocketDebuggerUrl: string;
}

export interface InspectorSession {
  /** `process.memoryUsage()` of the process after two full garbage collections. */
  collectedMemory(): Promise<NodeJS.MemoryUsage>;
  close(): void;
}

/** Connects to the inspector listening on `port` (the process must have started with --inspect). */
export async function inspectorSession(port: number): Promise<InspectorSession> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as InspectorTarget[];
  const target = targets[0];
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, 'open');
  let lastId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      lastId += 1;
      waiting.set(lastId, (message) =>
        message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return {
    async collectedMemory() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const answer = (await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    },
    close() {
      socket.close();
    },
  };
}

/** The resident memory of process `pid` now, in bytes (Linux: /proc/<pid>/statm). */
export async function residentBytes(pid: number): Promise<number> {
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
  return Number(statm.split(' ')[1]) * 4096;
}

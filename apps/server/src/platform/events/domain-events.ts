import type { FastifyBaseLogger } from 'fastify';

/**
 * Domain events: a module that writes says what happened; the modules that react subscribe in
 * one composition root (src/subscriptions.ts), so the writer never imports its listeners.
 *
 * Two moments:
 * - **in the transaction** (`onWrite` / `inTransaction`): a listener writes rows that must commit
 *   or roll back with the change (a notification row, an offer settled by a sale). It runs on the
 *   writer's transaction and may hand work for after the commit to `afterCommit`. A listener's
 *   error fails the write.
 * - **after commit** (`onCommitted` / `committed`): realtime pushes, emails, moderation rules, anything
 *   that must not run for a change that rolled back. A listener's error is logged and never reaches
 *   the request, which has already succeeded.
 */
export interface WriteScope<Tx> {
  tx: Tx;
  /** Runs once the writer's transaction has committed (errors are logged). */
  afterCommit(work: () => Promise<void> | void): void;
}

export type WriteListener<Tx, Payload> = (scope: WriteScope<Tx>, payload: Payload) => Promise<void>;
export type CommittedListener<Payload> = (payload: Payload) => Promise<void> | void;

/** What a transaction's listeners left for after its commit. */
export type AfterCommit = () => Promise<void>;

export interface DomainEvents<EventMap, Tx> {
  onWrite<Name extends keyof EventMap>(name: Name, listener: WriteListener<Tx, EventMap[Name]>): void;
  onCommitted<Name extends keyof EventMap>(name: Name, listener: CommittedListener<EventMap[Name]>): void;
  /** Runs the event's write listeners on `tx`; the writer runs the returned work after its commit. */
  inTransaction<Name extends keyof EventMap>(
    tx: Tx,
    name: Name,
    payload: EventMap[Name],
  ): Promise<AfterCommit>;
  /** Runs the event's after-commit listeners; resolves when they are done, never rejects. */
  committed<Name extends keyof EventMap>(name: Name, payload: EventMap[Name]): Promise<void>;
}

export function createDomainEvents<EventMap, Tx>(logger: FastifyBaseLogger): DomainEvents<EventMap, Tx> {
  const writeListeners = new Map<keyof EventMap, WriteListener<Tx, never>[]>();
  const committedListeners = new Map<keyof EventMap, CommittedListener<never>[]>();

  async function runLogged(name: keyof EventMap, work: () => Promise<void> | void): Promise<void> {
    try {
      await work();
    } catch (error) {
      // The change is committed; what a listener failed to do is logged, not undone.
      logger.error({ err: error, event: String(name) }, 'a listener of a committed event failed');
    }
  }

  return {
    onWrite(name, listener) {
      writeListeners.set(name, [...(writeListeners.get(name) ?? []), listener as WriteListener<Tx, never>]);
    },
    onCommitted(name, listener) {
      committedListeners.set(name, [
        ...(committedListeners.get(name) ?? []),
        listener as CommittedListener<never>,
      ]);
    },
    async inTransaction(tx, name, payload) {
      const later: (() => Promise<void> | void)[] = [];
      const scope: WriteScope<Tx> = { tx, afterCommit: (work) => void later.push(work) };
      for (const listener of writeListeners.get(name) ?? []) {
        await (listener as WriteListener<Tx, typeof payload>)(scope, payload);
      }
      return async () => {
        for (const work of later) await runLogged(name, work);
      };
    },
    async committed(name, payload) {
      for (const listener of committedListeners.get(name) ?? []) {
        await runLogged(name, () => (listener as CommittedListener<typeof payload>)(payload));
      }
    },
  };
}

import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from './domain-events.js';

interface TestEvents {
  'thing.made': { id: string };
  'thing.gone': { id: string };
}

/** A logger that keeps what it was told at error level. */
function recordingLogger() {
  const errors: { event: string; message: string }[] = [];
  const logger = pino(
    { level: 'error' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { event: string; err: { message: string } };
        errors.push({ event: entry.event, message: entry.err.message });
      },
    },
  );
  return { logger, errors };
}

describe('domain events', () => {
  it('runs write listeners in order on the writer’s transaction, and their after-commit work only when the writer says so', async () => {
    const { logger } = recordingLogger();
    const events = createDomainEvents<TestEvents, string[]>(logger);
    const seen: string[] = [];
    events.onWrite('thing.made', async ({ tx, afterCommit }, { id }) => {
      tx.push(`first ${id}`);
      afterCommit(() => void seen.push(`pushed ${id}`));
    });
    events.onWrite('thing.made', async ({ tx }, { id }) => void tx.push(`second ${id}`));
    const tx: string[] = [];
    const afterCommit = await events.inTransaction(tx, 'thing.made', { id: 'a' });
    expect(tx).toEqual(['first a', 'second a']);
    expect(seen).toEqual([]);
    await afterCommit();
    expect(seen).toEqual(['pushed a']);
  });

  it('fails the write when a write listener fails, before any after-commit work runs', async () => {
    const { logger } = recordingLogger();
    const events = createDomainEvents<TestEvents, string[]>(logger);
    const seen: string[] = [];
    events.onWrite('thing.made', async ({ afterCommit }) => afterCommit(() => void seen.push('pushed')));
    events.onWrite('thing.made', async () => {
      throw new Error('the row would break a constraint');
    });
    await expect(events.inTransaction([], 'thing.made', { id: 'a' })).rejects.toThrow(
      'the row would break a constraint',
    );
    expect(seen).toEqual([]);
  });

  it('logs a failed after-commit listener and still runs the others; the writer never sees the error', async () => {
    const { logger, errors } = recordingLogger();
    const events = createDomainEvents<TestEvents, string[]>(logger);
    const seen: string[] = [];
    events.onCommitted('thing.gone', () => {
      throw new Error('the mail server is away');
    });
    events.onCommitted('thing.gone', async ({ id }) => void seen.push(`gone ${id}`));
    await expect(events.committed('thing.gone', { id: 'b' })).resolves.toBeUndefined();
    expect(seen).toEqual(['gone b']);
    expect(errors).toEqual([{ event: 'thing.gone', message: 'the mail server is away' }]);
  });

  it('an event nobody listens to changes nothing', async () => {
    const { logger, errors } = recordingLogger();
    const events = createDomainEvents<TestEvents, string[]>(logger);
    events.onCommitted('thing.made', () => {
      throw new Error('not this event');
    });
    const tx: string[] = [];
    await (
      await events.inTransaction(tx, 'thing.gone', { id: 'c' })
    )();
    await events.committed('thing.gone', { id: 'c' });
    expect(tx).toEqual([]);
    expect(errors).toEqual([]);
  });
});

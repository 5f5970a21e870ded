/**
 * A benchmark's load generator in a child process, so that its clients do not take the
 * server's CPU: the suite forks its own file with `--load`; that process serves jobs until the
 * suite disconnects.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type LoadMessage<Result> = { ready: true } | { result: Result };

/** Whether this process is the load generator forked from `moduleUrl` (its import.meta.url). */
export function isLoadGenerator(moduleUrl: string): boolean {
  return process.argv[2] === '--load' && process.argv[1] === fileURLToPath(moduleUrl) && !!process.send;
}

/**
 * The child's side: runs each job it is sent with `run` (after `beforeEach`, e.g. closing the last
 * job's sockets) and answers with the result; exits when the suite goes away.
 */
export function serveLoadJobs<Job, Result>(
  run: (job: Job) => Promise<Result>,
  beforeEach: () => void = () => undefined,
): void {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: Job) => {
    beforeEach();
    run(job).then(
      (result) => process.send!({ result } satisfies LoadMessage<Result>),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.send!({ ready: true } satisfies LoadMessage<Result>);
}

/** The suite's side: forks `moduleUrl` as the load generator; `ask` runs one job there. */
export async function forkLoadGenerator<Job, Result>(moduleUrl: string) {
  const child: ChildProcess = fork(fileURLToPath(moduleUrl), ['--load'], { execArgv: ['--import', 'tsx'] });
  let failure: ((error: Error) => void) | undefined;
  child.on('exit', (code) => failure?.(new Error(`the load generator stopped (exit ${code})`)));
  await new Promise<void>((resolve, reject) => {
    failure = reject;
    child.once('message', () => resolve());
  });
  return {
    ask(job: Job): Promise<Result> {
      return new Promise((resolve, reject) => {
        failure = reject;
        child.once('message', (message: LoadMessage<Result>) => {
          if ('result' in message) resolve(message.result);
        });
        child.send(job as object);
      });
    },
    async stop(): Promise<void> {
      failure = undefined;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill(), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

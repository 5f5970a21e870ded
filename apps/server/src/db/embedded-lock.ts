import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The embedded database (PGlite) belongs to one process: two processes writing one data folder
 * corrupt it. The process that opens it writes its pid to `<dataFolder>.lock`; another process
 * (a second server, a backup or a restore) finds the lock and refuses while that process lives.
 * A lock left by a process that died (kill -9) is taken over.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    public readonly dataFolder: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataFolder} is open in another Castline process (pid ${pid}): stop it first.`,
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

const lockFile = (dataFolder: string) => `${dataFolder}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process that holds the data folder, or null. */
export function embeddedDatabaseHolder(dataFolder: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFile(dataFolder), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/** Takes the data folder for this process (throws EmbeddedDatabaseBusyError); returns its release. */
export function holdEmbeddedDatabase(dataFolder: string): () => void {
  const holder = embeddedDatabaseHolder(dataFolder);
  if (holder !== null) throw new EmbeddedDatabaseBusyError(dataFolder, holder);
  writeFileSync(lockFile(dataFolder), String(process.pid));
  return () => {
    try {
      if (readFileSync(lockFile(dataFolder), 'utf8') === String(process.pid)) rmSync(lockFile(dataFolder));
    } catch {
      // Already gone.
    }
  };
}

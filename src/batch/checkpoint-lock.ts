import { hostname } from 'node:os';
import { createOwn, holdOwn, isAlive, type LockFiles, lockText, type OwnLock, removeIfStale, systemLockFiles, type Takeover } from '../config/stale-lock.js';
import { describeFsError } from '../input/user-file.js';
import { InputError } from '../errors.js';

/** How often a running batch marks its lock as alive, and after how long without a mark it is stale. */
export const LOCK_REFRESH_MS = 5_000;
export const LOCK_STALE_MS = 30_000;

export interface CheckpointLock {
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
}

/** The clock and the file operations of a checkpoint lock (the system's when absent); tests play other runs' moves through them. */
export interface CheckpointLockOptions {
  now?: () => number;
  files?: LockFiles;
}

/**
 * `<checkpoint>.lock`, created exclusively, so two runs never append to one journal, and refreshed
 * every LOCK_REFRESH_MS while the batch runs. A run killed with -9 leaves its lock behind: it is taken
 * over when its process is gone (same host), or when it has not been refreshed for LOCK_STALE_MS
 * (another host, e.g. a rescheduled pod on a shared volume).
 * The takeover removes only the lock it judged (src/config/stale-lock.ts), never one another run took meanwhile.
 */
export function lockCheckpoint(checkpoint: string, { now = Date.now, files = systemLockFiles }: CheckpointLockOptions = {}): CheckpointLock {
  const path = `${checkpoint}.lock`;
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    const held = tryCreate(path, me, files);
    if (held !== undefined) {
      const holding = holdOwn(path, held, LOCK_REFRESH_MS, files);
      // A lock it could not remove is no fault of the batch, whose records are out: the next run takes it over (its process is gone).
      return { release: () => void holding.release() };
    }
    if (attempt < 3 && removeIfStale(path, leftOver(checkpoint, me, now, files))) continue;
    const holder = readHolder(path, files);
    const who = holder ? `svc pid ${holder.pid} on ${holder.host}` : 'another svc';
    throw new InputError(`--checkpoint ${checkpoint} is in use by ${who} (lock ${path}); two runs cannot share a checkpoint. If that run is gone, remove the lock file`);
  }
}

/** The lock's descriptor and its text, which tells it from any other run's lock (the nonce); never an empty lock left behind. */
function tryCreate(path: string, me: Holder, files: LockFiles): OwnLock | undefined {
  const text = JSON.stringify({ ...me, nonce: lockText() });
  return createOwn(path, text, files, (step, error) => new InputError(`--checkpoint: cannot ${step} the lock ${path}: ${describeFsError(error)}`));
}

function readHolder(path: string, files: LockFiles): Holder | undefined {
  try {
    const holder = JSON.parse(files.readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host } : undefined;
  } catch {
    return undefined; // gone, or unreadable: being written this instant
  }
}

/** Left over: its process on this host is gone, or no run refreshed it for LOCK_STALE_MS. */
function leftOver(checkpoint: string, me: Holder, now: () => number, files: LockFiles): Takeover {
  return {
    isStale: ({ text, mtimeMs }) => {
      let holder: Partial<Holder> | undefined;
      try {
        holder = JSON.parse(text) as Partial<Holder>;
      } catch {
        holder = undefined; // being written this instant: judged by its age alone
      }
      // Our own pid in the lock is a former run in this container (pid 1 each time), not a live one.
      const dead = holder?.host === me.host && typeof holder.pid === 'number' && (holder.pid === me.pid || !isAlive(holder.pid));
      return dead || now() - mtimeMs > LOCK_STALE_MS;
    },
    fail: (step, path, error) => new InputError(`--checkpoint ${checkpoint}: cannot ${step} lock ${path}: ${describeFsError(error)}`),
    files,
  };
}

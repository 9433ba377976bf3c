import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
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

/**
 * `<checkpoint>.lock`, created exclusively, so two runs never append to one journal. A run killed
 * with -9 leaves its lock behind: it is taken over when its process is gone (same host), or when it
 * has not been refreshed for LOCK_STALE_MS (another host, e.g. a rescheduled pod on a shared volume).
 */
export function lockCheckpoint(checkpoint: string, now: () => number = Date.now): CheckpointLock {
  const path = `${checkpoint}.lock`;
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    const fd = tryCreate(path, me);
    if (fd !== undefined) return holdLock(path, fd);
    const holder = readHolder(path);
    if (holder === 'gone') continue;
    const stale = attempt < 3 ? staleLock(path, holder, me, now()) : undefined;
    if (stale !== undefined) {
      removeLock(path, stale);
      continue;
    }
    const who = holder ? `svc pid ${holder.pid} on ${holder.host}` : 'another svc';
    throw new InputError(`--checkpoint ${checkpoint} is in use by ${who} (lock ${path}); two runs cannot share a checkpoint. If that run is gone, remove the lock file`);
  }
}

function tryCreate(path: string, me: Holder): number | undefined {
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, JSON.stringify(me));
    return fd;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return undefined;
    throw new InputError(`--checkpoint: cannot create the lock ${path}: ${describeFsError(error)}`);
  }
}

function readHolder(path: string): Holder | undefined | 'gone' {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host } : undefined;
  } catch (error) {
    return (error as { code?: string }).code === 'ENOENT' ? 'gone' : undefined; // unreadable: being written this instant
  }
}

/** The stale lock's inode, so that only that lock is removed and never one made since; undefined while its holder lives. */
function staleLock(path: string, holder: Holder | undefined, me: Holder, now: number): number | undefined {
  let info;
  try {
    info = statSync(path);
  } catch {
    return undefined; // gone already: the next exclusive create decides
  }
  // Our own pid in the lock is a former run in this container (pid 1 each time), not a live one.
  const dead = holder?.host === me.host && (holder.pid === me.pid || !isAlive(holder.pid));
  return dead || now - info.mtimeMs > LOCK_STALE_MS ? info.ino : undefined;
}

function removeLock(path: string, ino?: number): void {
  try {
    if (ino === undefined || statSync(path).ino === ino) unlinkSync(path);
  } catch {
    // Another run removed it first; the exclusive create decides who gets it.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Keeps the lock fresh while the batch runs; release removes it. */
function holdLock(path: string, fd: number): CheckpointLock {
  closeSync(fd);
  const refresh = setInterval(() => {
    try {
      const time = new Date();
      utimesSync(path, time, time);
    } catch {
      // Removed under us: the journal is still ours until exit; nothing to refresh.
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  return {
    release() {
      clearInterval(refresh);
      removeLock(path);
    },
  };
}

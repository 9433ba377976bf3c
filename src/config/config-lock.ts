import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigFileError } from './config-file.js';

export interface LockOptions {
  /** How long to wait for another svc to finish its write (default 5 s). */
  waitMs?: number;
  /** A lock older than this is left over from a crash (default 10 s; a write takes milliseconds). */
  staleMs?: number;
}

/**
 * Runs `write` holding an exclusive lock file beside the config file, so concurrent svc processes
 * (two logins at once) each read, change and write the file in turn instead of losing each other's
 * profile. conf writes atomically, but its read-modify-write is not, hence this lock.
 */
export async function withConfigLock<T>(path: string, write: () => T, options: LockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + (options.waitMs ?? 5000);
  for (;;) {
    const fd = tryCreate(lock);
    if (fd !== undefined) {
      try {
        return write();
      } finally {
        closeSync(fd);
        unlinkSync(lock);
      }
    }
    if (removeIfStale(lock, options.staleMs ?? 10_000)) continue;
    if (Date.now() > deadline) {
      throw new ConfigFileError(`the config file ${path} is being written by another svc (lock ${lock}); if no svc is running, remove the lock file`);
    }
    await delay(5 + Math.random() * 20);
  }
}

/** O_EXCL create: exactly one process succeeds. Returns the descriptor, or undefined if the lock is held. */
function tryCreate(lock: string): number | undefined {
  try {
    const fd = openSync(lock, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    return fd;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return undefined;
    throw new ConfigFileError(`cannot lock the config file (${lock}): ${(error as { code?: string }).code ?? 'unwritable'}`);
  }
}

/** Removes a lock whose holder died or that is older than `staleMs`; true if it is gone. */
function removeIfStale(lock: string, staleMs: number): boolean {
  let stat;
  let pid: number;
  try {
    stat = statSync(lock);
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true; // released between our attempts
  }
  // An empty pid is a lock being written this instant, not a dead one.
  const dead = Number.isInteger(pid) && pid > 0 && !isAlive(pid);
  if (!dead && Date.now() - stat.mtimeMs < staleMs) return false;
  try {
    // Only the lock we judged: a fresh lock created since has another inode.
    if (statSync(lock).ino === stat.ino) unlinkSync(lock);
  } catch {
    // Someone else removed it first.
  }
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

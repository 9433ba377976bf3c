import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Clock, systemClock } from '../client/retry.js';
import { ConfigFileError } from './settings-file.js';

/** The file operations the lock uses; tests inject faults into them (a full disk, a folder that refuses). */
export interface LockFiles {
  openSync(path: string, flags: 'wx', mode: number): number;
  writeSync(fd: number, text: string): number;
  closeSync(fd: number): void;
  unlinkSync(path: string): void;
  statSync(path: string): { ino: number; mtimeMs: number };
  readFileSync(path: string, encoding: 'utf8'): string;
}

const systemFiles: LockFiles = { openSync, writeSync, closeSync, unlinkSync, statSync, readFileSync };

export interface LockOptions {
  /** How long to wait for another svc to finish its write (default 5 s). */
  waitMs?: number;
  /** A lock older than this is left over from a crash (default 10 s; a write takes milliseconds). */
  staleMs?: number;
  files?: LockFiles;
  /** Time and jitter of the waits between tries (the system clock when absent). */
  clock?: Clock;
}

/**
 * Runs `write` holding an exclusive lock file beside the config file, so concurrent svc processes
 * (two logins at once) each read, change and write the file in turn instead of losing each other's
 * profile. conf writes atomically, but its read-modify-write is not, hence this lock. Only a live
 * holder is waited for: a lock that cannot be created, read or cleared is an error at once.
 */
export async function withConfigLock<T>(path: string, write: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const files = options.files ?? systemFiles;
  const clock = options.clock ?? systemClock;
  const deadline = clock.now() + (options.waitMs ?? 5000);
  for (;;) {
    const fd = tryCreate(lock, files);
    if (fd !== undefined) {
      try {
        return await write();
      } finally {
        files.closeSync(fd);
        files.unlinkSync(lock);
      }
    }
    if (removeIfStale(lock, options.staleMs ?? 10_000, files)) continue;
    if (clock.now() > deadline) {
      throw new ConfigFileError(`the config file ${path} is being written by another svc (lock ${lock}); if no svc is running, remove the lock file`);
    }
    await clock.sleep(5 + clock.random() * 20);
  }
}

/** O_EXCL create: exactly one process succeeds. Returns the descriptor, or undefined if the lock is held. */
function tryCreate(lock: string, files: LockFiles): number | undefined {
  let fd: number;
  try {
    fd = files.openSync(lock, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return undefined;
    throw lockError('cannot create the config lock', lock, error);
  }
  try {
    files.writeSync(fd, String(process.pid));
    return fd;
  } catch (error) {
    // An empty lock would look like one being written this instant, and hold every svc off until stale.
    files.closeSync(fd);
    files.unlinkSync(lock);
    throw lockError('cannot write the config lock', lock, error);
  }
}

/** Removes a lock whose holder died or that is older than `staleMs`; true if it is gone. */
function removeIfStale(lock: string, staleMs: number, files: LockFiles): boolean {
  let stat;
  let pid: number;
  try {
    stat = files.statSync(lock);
    pid = Number(files.readFileSync(lock, 'utf8'));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true; // released between our attempts
    throw lockError('cannot read the config lock', lock, error);
  }
  // An empty pid is a lock being written this instant, not a dead one.
  const dead = Number.isInteger(pid) && pid > 0 && !isAlive(pid);
  if (!dead && Date.now() - stat.mtimeMs < staleMs) return false;
  try {
    // Only the lock we judged: a fresh lock created since has another inode.
    if (files.statSync(lock).ino === stat.ino) files.unlinkSync(lock);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw lockError('cannot remove the stale config lock', lock, error);
  }
  return true;
}

/** Whether a process of this id is running (EPERM: it is, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

const errorCode = (error: unknown): string | undefined => (error as { code?: string }).code;

/** One sentence naming the lock and the cause, at once: never "being written by another svc" after a wait. */
function lockError(what: string, lock: string, error: unknown): ConfigFileError {
  const code = errorCode(error) ?? String(error);
  const why = ['EACCES', 'EPERM', 'EROFS'].includes(code) ? `the folder ${dirname(lock)} is not writable by this user (${code})` : code === 'ENOSPC' ? 'the disk is full (ENOSPC)' : code;
  return new ConfigFileError(`${what} ${lock}: ${why}`);
}

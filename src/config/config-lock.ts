import { dirname } from 'node:path';
import { type Clock, systemClock } from '../clock.js';
import { ConfigFileError } from './settings-file.js';
import {
  createOwn,
  errorCode,
  holderPid,
  holdOwn,
  isAlive,
  type LockFiles,
  lockText,
  type OwnLock,
  removeIfStale,
  type Seen,
  systemLockFiles,
  type Takeover,
} from './stale-lock.js';

export type { LockFiles } from './stale-lock.js';

export interface LockOptions {
  /** How long to wait for another svc to finish its write (default 5 s). */
  waitMs?: number;
  /** A lock not refreshed for this long is left over from a crash (default 10 s; its holder refreshes it 4 times as often). */
  staleMs?: number;
  files?: LockFiles;
  /** Time and jitter of the waits between tries (the system clock when absent). */
  clock?: Clock;
  /** What the file is, as the message of a wait given up names it (default: the config file). */
  subject?: string;
}

/**
 * Runs `write` holding an exclusive lock file beside the config file, so concurrent svc processes
 * (two logins at once) each read, change and write the file in turn instead of losing each other's
 * profile. conf writes atomically, but its read-modify-write is not, hence this lock. Only a live
 * holder is waited for: a lock that cannot be created, read or cleared is an error at once.
 */
export async function withConfigLock<T>(path: string, write: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  const files = options.files ?? systemLockFiles;
  const clock = options.clock ?? systemClock;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = clock.now() + (options.waitMs ?? 5000);
  for (;;) {
    const held = tryCreate(lock, files);
    if (held) return await holding(lock, held, staleMs, files, write);
    if (removeIfStale(lock, leftOver(staleMs, files))) continue;
    if (clock.now() > deadline) {
      throw new ConfigFileError(
        `${options.subject ?? 'the config file'} ${path} is being written by another svc (lock ${lock}); if no svc is running, remove the lock file`,
      );
    }
    await clock.sleep(5 + clock.random() * 20);
  }
}

/** Returns the lock, or undefined if another holds it; an empty lock is never left behind (src/config/stale-lock.ts). */
function tryCreate(lock: string, files: LockFiles): OwnLock | undefined {
  return createOwn(lock, lockText(), files, (step, error) => lockError(`cannot ${step} the config lock`, lock, error));
}

/** Runs `write` holding the lock, refreshed meanwhile; then lets go of it, if it is still this one (src/config/stale-lock.ts). */
async function holding<T>(lock: string, own: OwnLock, staleMs: number, files: LockFiles, write: () => T | Promise<T>): Promise<T> {
  const held = holdOwn(lock, own, staleMs / 4, files);
  try {
    return await write();
  } finally {
    const fault = held.release();
    if (fault) throw lockError('cannot remove the config lock', lock, fault.error);
  }
}

/** A config lock is left over when its process is gone, or it was not refreshed for `staleMs` (a pid reused since, a holder frozen). */
function leftOver(staleMs: number, files: LockFiles): Takeover {
  return {
    isStale: ({ text, mtimeMs }: Seen) => {
      // No pid (an empty lock is one being written this instant) is no dead holder.
      const pid = holderPid(text);
      return (pid !== undefined && !isAlive(pid)) || Date.now() - mtimeMs >= staleMs;
    },
    fail: (step, path, error) => lockError(`cannot ${step} config lock`, path, error),
    files,
  };
}

/** One sentence naming the lock and the cause, at once: never "being written by another svc" after a wait. */
function lockError(what: string, lock: string, error: unknown): ConfigFileError {
  const code = errorCode(error) ?? String(error);
  const why = ['EACCES', 'EPERM', 'EROFS'].includes(code)
    ? `the folder ${dirname(lock)} is not writable by this user (${code})`
    : code === 'ENOSPC'
      ? 'the disk is full (ENOSPC)'
      : code;
  return new ConfigFileError(`${what} ${lock}: ${why}`);
}

import { dirname } from 'node:path';
import { ConfigFileError } from './settings-file.js';

/** The file operations a lock uses; tests inject faults and other processes' moves into them. */
export interface LockFiles {
  openSync(path: string, flags: 'wx', mode: number): number;
  writeSync(fd: number, text: string): number;
  closeSync(fd: number): void;
  futimesSync(fd: number, atime: Date, mtime: Date): void;
  unlinkSync(path: string): void;
  renameSync(from: string, to: string): void;
  linkSync(existing: string, path: string): void;
  statSync(path: string): { mtimeMs: number };
  readFileSync(path: string, encoding: 'utf8'): string;
}

/** A lock file as seen at one moment: what it holds (`<pid> <nonce>`) and when its holder last refreshed it. */
interface Seen {
  text: string;
  mtimeMs: number;
}

/** The time and a random part: with the pid, a name no other lock uses. */
const nonce = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** What a new lock holds: the pid, for a holder that died, and a nonce, for this very lock. */
export const lockText = (): string => `${process.pid} ${nonce()}`;

/**
 * Removes a lock whose holder died or that has not been refreshed for `staleMs`; true if the lock
 * is gone (try to create it again), false if a live holder has it.
 *
 * A lock is judged at one moment and removed at another. In between, its holder may let go and
 * another svc take a new lock, which ext4 gives the same inode at once, so neither the path nor the
 * inode names the judged lock. An atomic rename moves aside whatever lock is there now, and only if
 * it is the one judged (same text, same time) is it removed; a newer lock caught this way goes back.
 */
export function removeIfStale(lock: string, staleMs: number, files: LockFiles): boolean {
  const seen = look(lock, files);
  if (seen === undefined) return true; // released between our attempts
  if (!isStale(seen, staleMs)) return false;
  const aside = `${lock}.${process.pid}.${nonce()}.stale`;
  try {
    files.renameSync(lock, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true; // another svc removed it first
    throw lockError('cannot remove the stale config lock', lock, error);
  }
  const moved = look(aside, files);
  if (moved?.text === seen.text && moved.mtimeMs === seen.mtimeMs) files.unlinkSync(aside);
  else putBack(aside, lock, files);
  return true;
}

/** A newer lock moved aside by mistake goes back under its name; a link never replaces a lock made meanwhile. */
function putBack(aside: string, lock: string, files: LockFiles): void {
  try {
    files.linkSync(aside, lock);
  } catch (error) {
    // No hard links on this file system (some network or FAT ones): renamed back, as close as it allows.
    if (errorCode(error) !== 'EEXIST') return files.renameSync(aside, lock);
    // EEXIST: a third svc holds the name now; the moved lock's holder sees on release that it is not its own.
  }
  files.unlinkSync(aside);
}

/** The lock's text and time, or undefined if there is none. */
function look(lock: string, files: LockFiles): Seen | undefined {
  try {
    const { mtimeMs } = files.statSync(lock);
    return { text: files.readFileSync(lock, 'utf8'), mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw lockError('cannot read the config lock', lock, error);
  }
}

/** Left over: its process is gone, or it was not refreshed for `staleMs` (a pid reused since, a holder frozen). */
function isStale(seen: Seen, staleMs: number): boolean {
  // An empty pid is a lock being written this instant, not a dead one.
  const pid = seen.text.split(/\s/)[0]!; // `<pid> <nonce>`, or a pid alone (an older svc, or `echo` by hand)
  const dead = /^[1-9]\d*$/.test(pid) && !isAlive(Number(pid));
  return dead || Date.now() - seen.mtimeMs >= staleMs;
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

export const errorCode = (error: unknown): string | undefined => (error as { code?: string }).code;

/** One sentence naming the lock and the cause, at once: never "being written by another svc" after a wait. */
export function lockError(what: string, lock: string, error: unknown): ConfigFileError {
  const code = errorCode(error) ?? String(error);
  const why = ['EACCES', 'EPERM', 'EROFS'].includes(code) ? `the folder ${dirname(lock)} is not writable by this user (${code})` : code === 'ENOSPC' ? 'the disk is full (ENOSPC)' : code;
  return new ConfigFileError(`${what} ${lock}: ${why}`);
}

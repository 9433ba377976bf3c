import { closeSync, fstatSync, futimesSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';

// Lock files that a crashed svc may leave behind, and how another svc takes one over safely.

/** The file operations a lock uses; tests inject faults and other processes' moves into them. */
export interface LockFiles {
  openSync(path: string, flags: 'wx', mode: number): number;
  writeSync(fd: number, data: Uint8Array): number;
  closeSync(fd: number): void;
  futimesSync(fd: number, atime: Date, mtime: Date): void;
  unlinkSync(path: string): void;
  renameSync(from: string, to: string): void;
  linkSync(existing: string, path: string): void;
  statSync(path: string): FileSeen;
  fstatSync(fd: number): FileSeen;
  readFileSync(path: string, encoding: 'utf8'): string;
}

/** A file's identity (device and inode) and its time. */
export interface FileSeen {
  dev: number;
  ino: number;
  mtimeMs: number;
}

export const systemLockFiles: LockFiles = { openSync, writeSync, closeSync, futimesSync, unlinkSync, renameSync, linkSync, statSync, fstatSync, readFileSync };

/** A lock file as seen at one moment: what it holds (`<pid> <nonce>`) and when its holder last refreshed it. */
export interface Seen {
  text: string;
  mtimeMs: number;
}

/** The time and a random part: with the pid, a name no other lock uses. */
const nonce = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** What a new lock holds: the pid, for a holder that died, and a nonce, for this very lock. */
export const lockText = (): string => `${process.pid} ${nonce()}`;

/** A lock this process made: its descriptor, and the text that tells it from any other lock (the nonce). */
export interface OwnLock {
  fd: number;
  text: string;
}

/** The step of making a lock that failed, as the caller's sentence says it: `cannot ${step} …`. */
export type MakeStep = 'create' | 'write';

/** link(2) errors that say the file system has no hard links (FAT, some network shares), not that the name is taken. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Makes `lock` holding `text`, whole, or returns undefined if another holds the name. The text is
 * written under a name of this process's own, then linked into place: link(2) fails if the name
 * exists (exactly one process succeeds), and the lock never exists without its holder's text, so a
 * kill -9 at any instant leaves no lock or a whole one, and the next svc judges it at once. A lock
 * whose text cannot be written (a full disk, EIO) is closed and removed before `fail` reports it.
 * Where the file system has no hard links, the lock is created in place (O_EXCL) and written.
 */
export function createOwn(lock: string, text: string, files: LockFiles, fail: (step: MakeStep, error: unknown) => Error): OwnLock | undefined {
  const made = `${lock}.${process.pid}.${nonce()}.new`;
  const fd = writeNew(made, text, files, fail);
  if (fd === undefined) return undefined; // a name of its own taken: never, but never a lock taken by mistake either
  try {
    files.linkSync(made, lock);
  } catch (error) {
    discard(made, fd, files);
    const code = errorCode(error);
    if (code === 'EEXIST') return undefined;
    if (NO_HARD_LINKS.has(code!)) return inPlace(lock, text, files, fail);
    throw fail('create', error);
  }
  try {
    files.unlinkSync(made); // the lock keeps the file; only its first name goes
  } catch {
    // Left beside the lock, never taken for one: it is not under the lock's name.
  }
  return { fd, text };
}

/** The lock created under its name exclusively, then written: for file systems without hard links. */
function inPlace(lock: string, text: string, files: LockFiles, fail: (step: MakeStep, error: unknown) => Error): OwnLock | undefined {
  const fd = writeNew(lock, text, files, fail);
  return fd === undefined ? undefined : { fd, text };
}

/** A new file (O_EXCL) holding `text` whole: its descriptor, undefined if the name exists, or `fail` once it is closed and removed. */
function writeNew(path: string, text: string, files: LockFiles, fail: (step: MakeStep, error: unknown) => Error): number | undefined {
  let fd: number;
  try {
    fd = files.openSync(path, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return undefined;
    throw fail('create', error);
  }
  try {
    const bytes = Buffer.from(text);
    for (let done = 0; done < bytes.length;) done += files.writeSync(fd, bytes.subarray(done)); // a short write goes on, as writeFileSync does
    return fd;
  } catch (error) {
    discard(path, fd, files);
    throw fail('write', error);
  }
}

/** Closes and removes a lock this process just made; the write's fault is the one to report, so theirs are not. */
function discard(lock: string, fd: number, files: LockFiles): void {
  try {
    files.closeSync(fd);
  } catch {
    // Linux frees the descriptor even when close reports a fault (EIO on a network file system).
  }
  try {
    files.unlinkSync(lock);
  } catch {
    // Left as a crashed svc's lock is: taken over once stale.
  }
}

/** A lock being held; `release()` lets go of it and returns what kept it from being removed, if anything did. */
export interface Holding {
  release(): { error: unknown } | undefined;
}

/**
 * Holds a lock this process made: refreshes its time every `refreshMs`, so a holder that is alive but
 * slow (a loaded machine) is never judged left over, until `release()`, which removes the lock only if
 * its text is still ours. One judged left over and taken (a holder frozen past the stale age) is
 * another svc's now; removing it would let a third one in. The config lock and the checkpoint lock
 * hold so; each says what a lock it could not remove means (an error, or nothing).
 */
export function holdOwn(lock: string, own: OwnLock, refreshMs: number, files: LockFiles): Holding {
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      files.futimesSync(own.fd, now, now); // the descriptor: this lock, whatever the name holds now
    } catch {
      // Not refreshed: at worst the lock is judged left over later, as before there were refreshes.
    }
  }, refreshMs);
  refresh.unref(); // the holder's own work keeps svc running, never the refresh alone
  return {
    release() {
      clearInterval(refresh);
      try {
        if (files.readFileSync(lock, 'utf8') === own.text) files.unlinkSync(lock);
      } catch (error) {
        // ENOENT: taken over and released by another svc meanwhile; nothing of ours is left.
        if (errorCode(error) !== 'ENOENT') return { error };
      } finally {
        files.closeSync(own.fd);
      }
      return undefined;
    },
  };
}

/** The step of a takeover that failed, as the caller's sentence says it: `cannot ${step} <lock> …`. */
export type TakeoverStep = 'read the' | 'remove the stale' | 'put back the';

/** How a lock's user judges a lock left over, and words a fault of the takeover. */
export interface Takeover {
  isStale(seen: Seen): boolean;
  fail(step: TakeoverStep, path: string, error: unknown): Error;
  files: LockFiles;
}

/**
 * Removes a lock judged left over; true if the lock is gone (try to create it again), false if a
 * live holder has it. The config lock, the checkpoint lock and the rejects lock all take over so.
 *
 * A lock is judged at one moment and removed at another. In between, its holder may let go and
 * another svc take a new lock, which ext4 gives the same inode at once, so neither the path nor the
 * inode names the judged lock. An atomic rename moves aside whatever lock is there now, and only if
 * it is the one judged (same text, same time) is it removed; a newer lock caught this way goes back.
 */
export function removeIfStale(lock: string, { isStale, fail, files }: Takeover): boolean {
  const seen = look(lock, files, fail);
  if (seen === undefined) return true; // released between our attempts
  if (!isStale(seen)) return false;
  const aside = `${lock}.${process.pid}.${nonce()}.stale`;
  try {
    files.renameSync(lock, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return true; // another svc removed it first
    throw fail('remove the stale', lock, error);
  }
  let moved: Seen | undefined;
  try {
    moved = look(aside, files, (step, _aside, error) => fail(step, lock, error)); // named as the user knows it
  } catch (error) {
    putBack(aside, lock, files, fail); // not known to be the one judged: back under its name, never left aside
    throw error;
  }
  if (moved?.text === seen.text && moved.mtimeMs === seen.mtimeMs) files.unlinkSync(aside);
  else putBack(aside, lock, files, fail);
  return true;
}

/** A newer lock moved aside by mistake goes back under its name; a link never replaces a lock made meanwhile. */
function putBack(aside: string, lock: string, files: LockFiles, fail: Takeover['fail']): void {
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
function look(lock: string, files: LockFiles, fail: Takeover['fail']): Seen | undefined {
  try {
    const { mtimeMs } = files.statSync(lock);
    return { text: files.readFileSync(lock, 'utf8'), mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw fail('read the', lock, error);
  }
}

/** The pid a lock names first (`<pid> <nonce>`, or a pid alone: an older svc, or `echo` by hand), if it names one. */
export function holderPid(text: string): number | undefined {
  const pid = text.split(/\s/)[0]!;
  return /^[1-9]\d*$/.test(pid) ? Number(pid) : undefined;
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

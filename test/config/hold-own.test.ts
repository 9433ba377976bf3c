import * as fs from 'node:fs';
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdOwn, type LockFiles, type OwnLock } from '../../src/config/stale-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// holdOwn, the hold both the config lock and the checkpoint lock use: the lock stays fresh while
// held, and its release removes the lock only while its text is still ours. Each caller's answer to
// a release that fails is tested with it (lock-release.test.ts, checkpoint-lock.test.ts).

afterEach(() => vi.useRealTimers());

const MINE = `${process.pid} mine`;
const minuteAgo = () => new Date(Date.now() - 60_000);

/** The real file operations, recording descriptors closed and refreshes tried; `faults` names the operations that fail. */
function recording(faults: { futimesSync?: string; unlinkSync?: string } = {}) {
  const seen = { closed: [] as number[], refreshes: 0 };
  const fail = (code: string) => {
    throw Object.assign(new Error(code), { code });
  };
  const files: LockFiles = {
    ...(fs as unknown as LockFiles),
    closeSync: (fd) => (seen.closed.push(fd), fs.closeSync(fd)),
    futimesSync: (fd, atime, mtime) => (seen.refreshes++, faults.futimesSync ? fail(faults.futimesSync) : fs.futimesSync(fd, atime, mtime)),
    unlinkSync: (path) => (faults.unlinkSync ? fail(faults.unlinkSync) : fs.unlinkSync(path)),
  };
  return { seen, files };
}

/** A lock made as the config and checkpoint locks make theirs: O_EXCL, our text in it, a minute old. */
function made(): { lock: string; own: OwnLock } {
  const lock = join(tempFolder('svc-hold-own-'), 'x.lock');
  const fd = fs.openSync(lock, 'wx', 0o600);
  fs.writeSync(fd, MINE);
  utimesSync(lock, minuteAgo(), minuteAgo());
  return { lock, own: { fd, text: MINE } };
}

describe('holdOwn: while held', () => {
  it('refreshes the lock every refreshMs, and not before', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { lock, own } = made();
    const { files } = recording();
    const first = statSync(lock).mtimeMs;
    const held = holdOwn(lock, own, 1000, files);
    vi.advanceTimersByTime(999);
    expect(statSync(lock).mtimeMs).toBe(first);
    vi.advanceTimersByTime(1);
    expect(statSync(lock).mtimeMs).toBe(Date.now());
    vi.advanceTimersByTime(1000);
    expect(statSync(lock).mtimeMs).toBe(Date.now());
    expect(held.release()).toBeUndefined();
  });

  it('refreshes the lock it made, through its descriptor, not a file that took its name', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { lock, own } = made();
    const held = holdOwn(lock, own, 1000, recording().files);
    unlinkSync(lock);
    writeFileSync(lock, 'another svc');
    utimesSync(lock, minuteAgo(), minuteAgo());
    const theirs = statSync(lock).mtimeMs;
    vi.advanceTimersByTime(3000);
    expect(statSync(lock).mtimeMs).toBe(theirs);
    expect(fs.fstatSync(own.fd).mtimeMs).toBe(Date.now());
    held.release();
  });

  it('a refresh that fails is tried again next time, and the lock is still let go of', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { lock, own } = made();
    const { seen, files } = recording({ futimesSync: 'EIO' });
    const held = holdOwn(lock, own, 1000, files);
    vi.advanceTimersByTime(3000);
    expect(seen.refreshes).toBe(3);
    expect(held.release()).toBeUndefined();
    expect(existsSync(lock)).toBe(false);
  });

  it('stops refreshing once released', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { lock, own } = made();
    const { seen, files } = recording();
    const held = holdOwn(lock, own, 1000, files);
    vi.advanceTimersByTime(1000);
    held.release();
    vi.advanceTimersByTime(10_000);
    expect(seen.refreshes).toBe(1);
  });
});

describe('holdOwn: letting go', () => {
  it('removes the lock while its text is ours, and closes the descriptor', () => {
    const { lock, own } = made();
    const { seen, files } = recording();
    expect(holdOwn(lock, own, 1000, files).release()).toBeUndefined();
    expect(existsSync(lock)).toBe(false);
    expect(seen.closed).toEqual([own.fd]);
  });

  it('leaves a lock holding another process’s text (taken over after a freeze) to its new holder', () => {
    const { lock, own } = made();
    const { seen, files } = recording();
    const held = holdOwn(lock, own, 1000, files);
    unlinkSync(lock);
    writeFileSync(lock, `${process.pid} theirs`); // the same pid, another nonce: a lock this process did not make here
    expect(held.release()).toBeUndefined();
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} theirs`);
    expect(seen.closed).toEqual([own.fd]);
  });

  it('of a lock already gone (taken over and released meanwhile) is no fault', () => {
    const { lock, own } = made();
    const { seen, files } = recording();
    const held = holdOwn(lock, own, 1000, files);
    unlinkSync(lock);
    expect(held.release()).toBeUndefined();
    expect(seen.closed).toEqual([own.fd]);
  });

  it('returns what kept the lock from being removed or read, and closes the descriptor all the same', () => {
    const unremovable = made();
    const refusing = recording({ unlinkSync: 'EACCES' });
    expect(holdOwn(unremovable.lock, unremovable.own, 1000, refusing.files).release()).toEqual({ error: expect.objectContaining({ code: 'EACCES' }) });
    expect(readFileSync(unremovable.lock, 'utf8')).toBe(MINE);
    expect(refusing.seen.closed).toEqual([unremovable.own.fd]);

    const unreadable = made();
    const { seen, files } = recording();
    const held = holdOwn(unreadable.lock, unreadable.own, 1000, files);
    unlinkSync(unreadable.lock);
    mkdirSync(unreadable.lock); // not a lock file any more: cannot be read
    expect(held.release()).toEqual({ error: expect.objectContaining({ code: 'EISDIR' }) });
    expect(seen.closed).toEqual([unreadable.own.fd]);
  });
});

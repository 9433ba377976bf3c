import * as fs from 'node:fs';
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdOwn, type LockFiles, lockText, type OwnLock } from '../../src/config/stale-lock.js';
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

/** A lock made as the config and checkpoint locks make theirs (O_EXCL, our text in it, a minute old), held every second. */
function holding(faults: Parameters<typeof recording>[0] = {}) {
  const lock = join(tempFolder('svc-hold-own-'), 'x.lock');
  const fd = fs.openSync(lock, 'wx', 0o600);
  fs.writeSync(fd, MINE);
  utimesSync(lock, minuteAgo(), minuteAgo());
  const own: OwnLock = { fd, text: MINE };
  const { seen, files } = recording(faults);
  return { lock, own, seen, held: holdOwn(lock, own, 1000, files) };
}

const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

describe('holdOwn: while held', () => {
  it('refreshes the lock every refreshMs, and not before', () => {
    fakeClock();
    const { lock, held } = holding();
    const first = statSync(lock).mtimeMs;
    vi.advanceTimersByTime(999);
    expect(statSync(lock).mtimeMs).toBe(first);
    vi.advanceTimersByTime(1);
    expect(statSync(lock).mtimeMs).toBe(Date.now());
    vi.advanceTimersByTime(1000);
    expect(statSync(lock).mtimeMs).toBe(Date.now());
    expect(held.release()).toBeUndefined();
  });

  it('refreshes the lock it made, through its descriptor, not a file that took its name', () => {
    fakeClock();
    const { lock, own, held } = holding();
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
    fakeClock();
    const { lock, seen, held } = holding({ futimesSync: 'EIO' });
    vi.advanceTimersByTime(3000);
    expect(seen.refreshes).toBe(3);
    expect(held.release()).toBeUndefined();
    expect(existsSync(lock)).toBe(false);
  });

  it('keeps no svc running by itself: only the holder’s own work does', () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const { held } = holding();
    expect(timers()).toBe(before);
    held.release();
  });

  it('stops refreshing once released', () => {
    fakeClock();
    const { seen, held } = holding();
    vi.advanceTimersByTime(1000);
    held.release();
    vi.advanceTimersByTime(10_000);
    expect(seen.refreshes).toBe(1);
  });
});

describe('lockText', () => {
  it('tells each lock apart, even two this process makes: its pid, then a nonce of that lock', () => {
    const [first, second] = [lockText(), lockText()];
    expect(first).toMatch(new RegExp(`^${process.pid} [0-9a-z]+$`));
    expect(second).not.toBe(first);
  });
});

const THEIRS = `${process.pid} theirs`; // the same pid, another nonce: a lock this process did not make here
const replaced = (lock: string, by: (lock: string) => void) => (unlinkSync(lock), by(lock));

describe.each([
  { meanwhile: 'nothing: the lock is removed', faults: {}, change: () => {}, fault: undefined, left: undefined },
  {
    meanwhile: 'taken over after a freeze: the new holder keeps its lock',
    faults: {},
    change: (lock: string) => replaced(lock, (path) => writeFileSync(path, THEIRS)),
    fault: undefined,
    left: THEIRS,
  },
  { meanwhile: 'taken over and released: no fault', faults: {}, change: (lock: string) => unlinkSync(lock), fault: undefined, left: undefined },
  { meanwhile: 'a folder that refuses the removal: its fault', faults: { unlinkSync: 'EACCES' }, change: () => {}, fault: 'EACCES', left: MINE },
  { meanwhile: 'a lock that cannot be read: its fault', faults: {}, change: (lock: string) => replaced(lock, mkdirSync), fault: 'EISDIR', left: 'a folder' },
])('holdOwn: letting go after $meanwhile', ({ faults, change, fault, left }) => {
  it('returns the fault, if any, leaves the lock as said, and closes the descriptor', () => {
    const { lock, own, seen, held } = holding(faults);
    change(lock);
    expect(held.release()).toEqual(fault === undefined ? undefined : { error: expect.objectContaining({ code: fault }) });
    const now = !existsSync(lock) ? undefined : statSync(lock).isDirectory() ? 'a folder' : readFileSync(lock, 'utf8');
    expect(now).toBe(left);
    expect(seen.closed).toEqual([own.fd]);
  });
});

import * as fs from 'node:fs';
import { linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_REFRESH_MS, LOCK_STALE_MS, lockCheckpoint, TAKEOVER_GRACE_MS } from '../../src/batch/checkpoint-lock.js';
import { startOf } from '../../src/batch/lock-holder.js';
import { type LockFiles, systemLockFiles } from '../../src/config/stale-lock.js';

// A checkpoint has one owner: a holder alive on this machine is never taken over,
// however old its heartbeat; a pid reused since is told apart by its start time and boot id; a
// run that lost its lock knows it at its next check, and for good.
let dir: string;
let checkpoint: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-owner-'));
  checkpoint = join(dir, 'run.checkpoint');
  lock = `${checkpoint}.lock`;
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const hourAgo = () => new Date(Date.now() - 3_600_000);
/** A lock as another svc leaves it, its heartbeat `ageMs` old. */
function leave(holder: Record<string, unknown>, ageMs = 0): void {
  writeFileSync(lock, JSON.stringify({ nonce: 'theirs', ...holder }));
  const time = new Date(Date.now() - ageMs);
  utimesSync(lock, time, time);
}
/** Our parent: a live process on this machine, as a paused svc is. */
const parent = () => ({ pid: process.ppid, host: hostname(), boot, start: startOf(process.ppid) });
const refusedBy = (pid: number) => `--checkpoint ${checkpoint} is in use by svc pid ${pid} on ${hostname()} (lock ${lock})`;

describe('checkpoint lock: a live holder on this machine', () => {
  it('is never taken over, however old its heartbeat (a paused run is not a dead one)', () => {
    leave(parent(), 3_600_000);
    expect(() => lockCheckpoint(checkpoint)).toThrow(refusedBy(process.ppid));
    expect(() => lockCheckpoint(checkpoint, { now: () => Date.now() + 10 * LOCK_STALE_MS })).toThrow(refusedBy(process.ppid));
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ nonce: 'theirs' });
  });

  it('named by an older svc (no start time) with a live pid is never taken over either', () => {
    leave({ pid: process.ppid, host: hostname() }, 3_600_000);
    expect(() => lockCheckpoint(checkpoint)).toThrow(refusedBy(process.ppid));
  });

  it('whose pid now belongs to another process (another start time) is gone: taken over at once, no grace', () => {
    leave({ ...parent(), start: '1' });
    const held = lockCheckpoint(checkpoint);
    expect(held.graceMs).toBe(0);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    held.release();
  });

  it('whose process is gone is taken over at once, however fresh its heartbeat', () => {
    leave({ pid: 2 ** 22 + 1, host: hostname(), boot, start: '5' });
    const held = lockCheckpoint(checkpoint);
    expect(held.graceMs).toBe(0);
    held.release();
  });
});

describe('checkpoint lock: a holder on another machine is judged by its heartbeat', () => {
  it.each([
    ['another host', { pid: process.ppid, host: 'another-pod', boot, start: startOf(process.ppid) }],
    ['this host name, another boot (a restart, or a twin name)', { ...parent(), boot: 'another-boot' }],
  ])('%s: fresh, refused; stale, taken over after a grace its holder has to notice', (_name, holder) => {
    leave(holder, LOCK_STALE_MS - 5000);
    expect(() => lockCheckpoint(checkpoint)).toThrow(/is in use by svc pid/);
    utimesSync(lock, hourAgo(), hourAgo());
    const held = lockCheckpoint(checkpoint);
    expect(held.graceMs).toBe(TAKEOVER_GRACE_MS);
    expect(TAKEOVER_GRACE_MS).toBe(10_000); // the checkpoints guide: "waits 10 s before it reads the checkpoint"
    held.release();
  });
});

describe('checkpoint lock: ownership, checked before each request', () => {
  it('holds while the lock is its own; removed, replaced or rewritten, it is lost for good', () => {
    const moves: [string, () => void][] = [
      ['removed', () => unlinkSync(lock)],
      ['replaced by another run', () => (unlinkSync(lock), writeFileSync(lock, JSON.stringify({ ...parent(), nonce: 'theirs' })))],
      ['rewritten in place', () => writeFileSync(lock, JSON.stringify({ ...parent(), nonce: 'theirs' }))],
      ['moved aside and linked back under its name by hand', () => (fs.renameSync(lock, `${lock}.x`), writeFileSync(lock, readFileSync(`${lock}.x`, 'utf8')))],
      // Its text and its time: only the file itself tells it from the lock.
      ['copied under its name, time and all', () => copyWithItsTime()],
    ];
    const copyWithItsTime = () => {
      const { atime, mtime } = fs.statSync(lock);
      const text = readFileSync(lock, 'utf8');
      unlinkSync(lock);
      writeFileSync(lock, text);
      utimesSync(lock, atime, mtime);
    };
    for (const [_name, move] of moves) {
      const held = lockCheckpoint(checkpoint);
      expect([held.owned(), held.lost.aborted]).toEqual([true, false]);
      const text = readFileSync(lock, 'utf8');
      move();
      expect([held.owned(), held.lost.aborted]).toEqual([false, true]);
      rmSync(lock, { force: true });
      rmSync(`${lock}.x`, { force: true });
      writeFileSync(`${lock}.y`, text);
      linkSync(`${lock}.y`, lock); // its very text back under the name: a copy, not its lock
      expect(held.owned()).toBe(false);
      held.release();
      rmSync(lock, { force: true });
      rmSync(`${lock}.y`);
    }
  });

  it('once lost, stays lost: its own lock moved aside and put back is not owned again', () => {
    const held = lockCheckpoint(checkpoint);
    expect(held.owned()).toBe(true);
    fs.renameSync(lock, `${lock}.x`);
    expect([held.owned(), held.lost.aborted]).toEqual([false, true]);
    fs.renameSync(`${lock}.x`, lock); // the very file, text and time: another run may have judged it gone meanwhile
    expect(held.owned()).toBe(false);
    held.release();
  });

  it('a released lock is watched no more, and never keeps the process alive', () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const held = lockCheckpoint(checkpoint);
    expect(timers()).toBe(before); // its heartbeat and its watch are unref'd: a finished batch exits
    held.release();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const watched = lockCheckpoint(checkpoint);
    watched.release(); // its lock is gone now, as a release leaves it
    vi.advanceTimersByTime(3 * LOCK_REFRESH_MS);
    expect(watched.lost.aborted).toBe(false);
  });

  it('costs a stat per check; the lock is read only when its time changed (its own refresh, or another run)', () => {
    const reads = { count: 0 };
    const files: LockFiles = { ...systemLockFiles, readFileSync: (path, encoding) => (path === lock && reads.count++, fs.readFileSync(path, encoding)) };
    const held = lockCheckpoint(checkpoint, { files });
    const before = reads.count;
    for (let i = 0; i < 1000; i++) expect(held.owned()).toBe(true);
    expect(reads.count - before).toBe(1);
    const later = new Date(Date.now() + 1000);
    utimesSync(lock, later, later); // a refresh
    expect(held.owned()).toBe(true);
    expect(reads.count - before).toBe(2);
    held.release();
  });

  it('is checked at each heartbeat too, so a run that sends nothing learns it lost the lock', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = lockCheckpoint(checkpoint);
    unlinkSync(lock);
    vi.advanceTimersByTime(LOCK_REFRESH_MS - 1);
    expect(held.lost.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(held.lost.aborted).toBe(true);
    held.release();
  });
});

describe('checkpoint lock: made whole, then linked into place', () => {
  it('leaves only the lock: the name it was written under goes', () => {
    const held = lockCheckpoint(checkpoint);
    expect(readdirSync(dir)).toEqual(['run.checkpoint.lock']);
    held.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never shows its name without its whole text: every look at the name while it is made finds none or the whole lock', () => {
    const seen: string[] = [];
    const look = () => seen.push(fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8') : 'none');
    const files: LockFiles = {
      ...systemLockFiles,
      openSync: (path, flags, mode) => (look(), fs.openSync(path, flags, mode)),
      writeSync: (fd, data) => (look(), fs.writeSync(fd, data)),
      linkSync: (from, to) => (look(), fs.linkSync(from, to), look()),
    };
    lockCheckpoint(checkpoint, { files }).release();
    expect(seen.slice(0, -1).every((text) => text === 'none')).toBe(true);
    expect(JSON.parse(seen.at(-1)!)).toMatchObject({ pid: process.pid, boot });
  });

  it.each(['EPERM', 'ENOTSUP'])('where the file system has no hard links (%s), the lock is made in place, whole', (code) => {
    const files: LockFiles = {
      ...systemLockFiles,
      linkSync: () => {
        throw Object.assign(new Error(code), { code });
      },
    };
    const held = lockCheckpoint(checkpoint, { files });
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(dir)).toEqual(['run.checkpoint.lock']);
    expect(held.owned()).toBe(true);
    held.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a link that fails otherwise (EIO) is refused, naming the lock, with nothing left behind', () => {
    const files: LockFiles = {
      ...systemLockFiles,
      linkSync: () => {
        throw Object.assign(new Error('EIO'), { code: 'EIO' });
      },
    };
    expect(() => lockCheckpoint(checkpoint, { files })).toThrow(`--checkpoint: cannot create the lock ${lock}: EIO`);
    expect(readdirSync(dir)).toEqual([]);
  });
});

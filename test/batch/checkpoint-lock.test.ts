import * as fs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_REFRESH_MS, LOCK_STALE_MS, lockCheckpoint } from '../../src/batch/checkpoint-lock.js';
import { startOf } from '../../src/batch/lock-holder.js';

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
import type { LockFiles } from '../../src/config/stale-lock.js';

// Two runs never share a checkpoint; a lock left by a killed run does not block the resume.
let dir: string;
let checkpoint: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  checkpoint = join(dir, 'run.checkpoint');
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const leaveLock = (holder: { pid: number; host: string }, ageMs = 0) => {
  writeFileSync(`${checkpoint}.lock`, JSON.stringify(holder));
  const time = new Date(Date.now() - ageMs);
  utimesSync(`${checkpoint}.lock`, time, time);
};

describe('checkpoint lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const first = lockCheckpoint(checkpoint);
    first.release();
    expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    const again = lockCheckpoint(checkpoint);
    leaveLock({ pid: process.ppid, host: hostname() }); // as if another live svc on this machine had taken it over
    expect(() => lockCheckpoint(checkpoint)).toThrow(
      `--checkpoint ${checkpoint} is in use by svc pid ${process.ppid} on ${hostname()} (lock ${checkpoint}.lock); two runs cannot share a checkpoint. If that run is gone, remove the lock file`,
    );
    again.release(); // removes its own lock only: the other run's stays
    expect(JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8'))).toEqual({ pid: process.ppid, host: hostname() });
  });

  it('takes over a lock whose process is gone (kill -9), or one from another host not refreshed for a while', () => {
    leaveLock({ pid: 2 ** 22 + 1, host: hostname() }); // above Linux's pid_max: no such process
    lockCheckpoint(checkpoint).release();
    leaveLock({ pid: process.ppid, host: 'another-pod' }, LOCK_STALE_MS + 1000);
    lockCheckpoint(checkpoint).release();
  });

  it('does not take over a fresh lock from another host: it may be a run on a shared volume', () => {
    leaveLock({ pid: 1, host: 'another-pod' });
    expect(() => lockCheckpoint(checkpoint)).toThrow(/is in use by svc pid 1 on another-pod/);
  });

  it('is refreshed every LOCK_REFRESH_MS while held, so a long batch is never judged left over', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const lock = lockCheckpoint(checkpoint);
    const past = new Date(Date.now() - LOCK_STALE_MS);
    utimesSync(`${checkpoint}.lock`, past, past);
    vi.advanceTimersByTime(LOCK_REFRESH_MS - 1);
    expect(statSync(`${checkpoint}.lock`).mtimeMs).toBe(past.getTime());
    vi.advanceTimersByTime(1);
    expect(statSync(`${checkpoint}.lock`).mtimeMs).toBe(Date.now());
    lock.release();
  });

  it('a release that cannot remove its lock is no error: the batch is done, the next run takes the lock over', () => {
    const lock = lockCheckpoint(checkpoint);
    unlinkSync(`${checkpoint}.lock`);
    mkdirSync(`${checkpoint}.lock`); // cannot be read as a lock any more
    expect(() => lock.release()).not.toThrow();
    expect(existsSync(`${checkpoint}.lock`)).toBe(true);
  });
});

describe('checkpoint lock: what it holds and whom it names', () => {
  it('names its holder (pid and host, for a run it refuses) and a nonce of its own', () => {
    const lock = lockCheckpoint(checkpoint);
    expect(JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      boot: bootId(),
      start: startOf(process.pid),
      nonce: expect.stringMatching(new RegExp(`^${process.pid} \\S+$`)),
    });
    lock.release();
  });

  it('a lock that is not an svc lock is in use by another svc while fresh, and taken over once old', () => {
    writeFileSync(`${checkpoint}.lock`, 'not json');
    expect(() => lockCheckpoint(checkpoint)).toThrow(`--checkpoint ${checkpoint} is in use by another svc (lock ${checkpoint}.lock)`);
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(`${checkpoint}.lock`, old, old);
    lockCheckpoint(checkpoint).release();
  });

  it('a lock with this process’s own pid on this host is a former run’s (a container’s pid 1 each time): taken over', () => {
    leaveLock({ pid: process.pid, host: hostname() });
    const lock = lockCheckpoint(checkpoint);
    expect(JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8'))).toHaveProperty('nonce');
    lock.release();
  });

  it('a lock from another host is stale after LOCK_STALE_MS without a refresh, not a millisecond before', () => {
    leaveLock({ pid: 1, host: 'another-pod' });
    const made = statSync(`${checkpoint}.lock`).mtimeMs;
    expect(() => lockCheckpoint(checkpoint, { now: () => made + LOCK_STALE_MS })).toThrow(/in use by svc pid 1 on another-pod/);
    lockCheckpoint(checkpoint, { now: () => made + LOCK_STALE_MS + 1 }).release();
  });
});

describe('checkpoint lock: faults', () => {
  it('a lock that cannot be made is refused at once, naming it', () => {
    const missing = join(dir, 'missing', 'run.checkpoint');
    expect(() => lockCheckpoint(missing)).toThrow(`--checkpoint: cannot create the lock ${missing}.lock: no such file`);
  });

  it('a lock that cannot be read to judge it is refused, naming it', () => {
    mkdirSync(`${checkpoint}.lock`);
    expect(() => lockCheckpoint(checkpoint)).toThrow(`--checkpoint ${checkpoint}: cannot read the lock ${checkpoint}.lock: it is a directory`);
  });

  it('a lock another svc makes again each time it is gone: three tries, then refused, never a spin', () => {
    const fail = (code: string) => {
      throw Object.assign(new Error(code), { code });
    };
    let looks = 0;
    const files: LockFiles = {
      ...(fs as unknown as LockFiles),
      openSync: () => fail('EEXIST'),
      statSync: () => (looks++, fail('ENOENT')),
      readFileSync: () => fail('ENOENT'),
    };
    expect(() => lockCheckpoint(checkpoint, { files })).toThrow(`--checkpoint ${checkpoint} is in use by another svc`);
    expect(looks).toBe(3);
  });

  /** The real file operations, with the lock's text written as a disk that fills up would: `write(data)` says how many bytes go, or throws. */
  function fillingDisk(write: (data: Uint8Array) => number, closeFault?: string): LockFiles & { fds: number[] } {
    const fds: number[] = [];
    const fault = (code: string) => Object.assign(new Error(`${code}: a fault of the disk`), { code });
    return {
      ...(fs as unknown as LockFiles),
      fds,
      openSync: (path, flags, mode) => (fds.push(fs.openSync(path, flags, mode)), fds.at(-1)!),
      writeSync: (fd, data) => fs.writeSync(fd, Buffer.from(data), 0, write(Buffer.from(data))),
      closeSync: (fd) => {
        fs.closeSync(fd); // Linux frees the descriptor even when close reports a fault
        if (closeFault) throw fault(closeFault);
      },
    };
  }
  const refuse = (code: string) => (): number => {
    throw Object.assign(new Error(`${code}: a fault of the disk`), { code });
  };
  const cutThenRefuse = (bytes: number, code: string) => {
    let calls = 0;
    return (data: Uint8Array) => (calls++ === 0 ? Math.min(bytes, data.length) : refuse(code)());
  };
  const isOpen = (fd: number) => {
    try {
      fs.fstatSync(fd);
      return true;
    } catch {
      return false;
    }
  };

  it.each([
    ['a full disk', () => fillingDisk(refuse('ENOSPC')), 'ENOSPC'],
    ['an I/O error', () => fillingDisk(refuse('EIO')), 'EIO'],
    ['a short write, then a full disk', () => fillingDisk(cutThenRefuse(5, 'ENOSPC')), 'ENOSPC'],
    ['a full disk, and a close that reports a fault too', () => fillingDisk(refuse('ENOSPC'), 'EIO'), 'ENOSPC'],
  ])('a lock made but not written (%s) is closed and removed: one error line, and the next run takes the lock at once', (_name, make, code) => {
    const files = make();
    expect(() => lockCheckpoint(checkpoint, { files })).toThrow(
      expect.objectContaining({ name: 'InputError', message: `--checkpoint: cannot write the lock ${checkpoint}.lock: ${code}` }),
    );
    expect(files.fds).toHaveLength(1);
    expect(isOpen(files.fds[0]!)).toBe(false);
    expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    const next = lockCheckpoint(checkpoint);
    expect(JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    next.release();
  });

  it('a short write goes on until the whole text is written: the lock is its holder’s, and its release removes it', () => {
    const files = fillingDisk((data) => Math.min(7, data.length));
    const lock = lockCheckpoint(checkpoint, { files });
    expect(JSON.parse(readFileSync(`${checkpoint}.lock`, 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
      boot: bootId(),
      start: startOf(process.pid),
      nonce: expect.any(String),
    });
    lock.release();
    expect(existsSync(`${checkpoint}.lock`)).toBe(false);
    expect(isOpen(files.fds[0]!)).toBe(false);
  });
});

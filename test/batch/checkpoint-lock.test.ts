import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_REFRESH_MS, LOCK_STALE_MS, lockCheckpoint } from '../../src/batch/checkpoint-lock.js';

// Two runs never share a checkpoint (issue #13); a lock left by a killed run does not block the resume.
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
    expect(() => lockCheckpoint(checkpoint)).toThrow(`--checkpoint ${checkpoint} is in use by svc pid ${process.ppid} on ${hostname()} (lock ${checkpoint}.lock); two runs cannot share a checkpoint. If that run is gone, remove the lock file`);
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

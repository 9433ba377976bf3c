import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { withConfigLock } from '../../src/config/config-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// The config lock's waits, each to the millisecond by a clock the test sets: how long it waits for a
// live holder, how it spaces its tries, and the age at which an unrefreshed lock is left over.

afterEach(() => vi.useRealTimers());

/** A config file whose lock this process holds (alive), last refreshed at `refreshed`. */
function heldByThisProcess(refreshed = new Date()): { path: string; lock: string } {
  const path = join(tempFolder('svc-lock-wait-'), 'config.json');
  const lock = `${path}.lock`;
  writeFileSync(lock, `${process.pid} held`);
  utimesSync(lock, refreshed, refreshed);
  return { path, lock };
}

/** A clock that reads `times` in turn (the last again once they run out), with a fixed `random`, recording each sleep. */
function scripted(times: number[], random = 0.5): { clock: Clock; sleeps: number[] } {
  const sleeps: number[] = [];
  let reads = 0;
  const clock: Clock = {
    now: () => times[Math.min(reads++, times.length - 1)]!,
    random: () => random,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { clock, sleeps };
}

const busy = (path: string) => `the config file ${path} is being written by another svc (lock ${path}.lock); if no svc is running, remove the lock file`;

describe('withConfigLock: waiting for a live holder', () => {
  it('tries again until waitMs has passed, not a millisecond less', async () => {
    const { path, lock } = heldByThisProcess();
    const { clock, sleeps } = scripted([0, 100, 101]); // the start, then one try at the deadline and one past it
    await expect(withConfigLock(path, () => 'written', { waitMs: 100, clock })).rejects.toThrow(busy(path));
    expect(sleeps).toHaveLength(1);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} held`);
  });

  it.each([
    [0, 5],
    [0.5, 15],
    [0.75, 20],
  ])('spaces its tries 5 to 25 ms apart, at random (random %f: %i ms), so svc processes waiting together do not try in step', async (random, ms) => {
    const { path } = heldByThisProcess();
    const { clock, sleeps } = scripted([0, 0, 0, 101], random);
    await expect(withConfigLock(path, () => 'written', { waitMs: 100, clock })).rejects.toThrow(busy(path));
    expect(sleeps).toEqual([ms, ms]);
  });
});

describe('withConfigLock: a live holder’s lock left unrefreshed', () => {
  it('is left over once staleMs has passed since its last refresh, not a millisecond before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const refreshed = new Date(Date.UTC(2026, 0, 1));
    const { path } = heldByThisProcess(refreshed);
    vi.setSystemTime(refreshed.getTime() + 5000 - 1);
    await expect(withConfigLock(path, () => 'written', { staleMs: 5000, waitMs: 100, clock: scripted([0, 101]).clock })).rejects.toThrow(busy(path));
    vi.setSystemTime(refreshed.getTime() + 5000);
    expect(await withConfigLock(path, () => 'written', { staleMs: 5000, waitMs: 100, clock: scripted([0, 101]).clock })).toBe('written');
  });
});

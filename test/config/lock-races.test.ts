import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockFiles, withConfigLock } from '../../src/config/config-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// The config lock against what other svc processes do between two of its steps. Each race is
// played out in order, not left to the scheduler: another process's moves run inside this one's
// file operations, at the exact step where a loaded machine could pause it.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Waits are turns of the event loop; the deadline never comes unless a test gives a small waitMs. */
const turns = { now: () => 0, random: () => 0.5, sleep: turn };

function fresh(): { path: string; lock: string } {
  const path = join(tempFolder('svc-lock-race-'), 'config.json');
  return { path, lock: `${path}.lock` };
}

/** The pid of a process that has ended: a lock holding it was left by a crash. */
const endedPid = (): number => Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());

/** The real file operations; `onRead(text)` runs once, after the lock is first read, before its reader goes on. */
function readThen(lock: string, onRead: () => void): LockFiles {
  let pending = true;
  return {
    ...(fs as unknown as LockFiles),
    readFileSync(path: string, encoding: 'utf8') {
      const text = fs.readFileSync(path, encoding);
      if (path === lock && pending) {
        pending = false;
        onRead();
      }
      return text;
    },
  };
}

/** Writers that count how many are inside at once. */
function tally() {
  const state = { inside: 0, most: 0, order: [] as string[] };
  const writer = (name: string, turnsInside: number) => async () => {
    state.most = Math.max(state.most, ++state.inside);
    for (let n = 0; n < turnsInside; n++) await turn();
    state.order.push(name);
    state.inside--;
    return name;
  };
  return { state, writer };
}

describe('withConfigLock: a lock that changes between the look and the removal', () => {
  it('a left-over lock its holder lets go of, and another svc takes anew (same inode on ext4), is not removed', async () => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    const live = `${process.pid} anothersvc`;
    const files = readThen(lock, () => {
      unlinkSync(lock);
      writeFileSync(lock, live);
    });
    const result = await withConfigLock(path, () => 'written', { waitMs: 50, files }).catch((error: Error) => error.message);
    expect(result).toMatch(/is being written by another svc/);
    expect(readFileSync(lock, 'utf8')).toBe(live);
    expect(fs.readdirSync(join(lock, '..'))).toEqual(['config.json.lock']); // nothing moved aside is left
  });

  it('two svc taking over one left-over lock at once: one takes it, the other waits for it', async () => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    const { state, writer } = tally();
    let first: Promise<string> | undefined;
    // The second svc has read the dead pid; before it acts, the first takes the lock over and holds it.
    const files = readThen(lock, () => {
      first = withConfigLock(path, writer('first', 20), { clock: turns });
    });
    const second = await withConfigLock(path, writer('second', 1), { clock: turns, files });
    expect([await first, second]).toEqual(['first', 'second']);
    expect(state).toEqual({ inside: 0, most: 1, order: ['first', 'second'] });
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('a holder refreshes its lock while it writes, so a slow one is not judged left over', async () => {
    const { path, lock } = fresh();
    const past = new Date(Date.now() - 60_000);
    const refreshed = await withConfigLock(
      path,
      async () => {
        utimesSync(lock, past, past); // as if the write had been paused a minute
        // Safety bound only: a refresh comes every staleMs / 4.
        for (let waited = 0; waited < 5000 && statSync(lock).mtimeMs <= past.getTime(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
        return statSync(lock).mtimeMs > past.getTime();
      },
      { staleMs: 40 },
    );
    expect(refreshed).toBe(true);
  });
});

describe('withConfigLock: letting go', () => {
  it('of a lock taken over meanwhile (its holder was frozen past staleMs) leaves the new holder its lock', async () => {
    const { path, lock } = fresh();
    const taker = `${process.pid} taker`;
    const result = await withConfigLock(path, () => {
      unlinkSync(lock);
      writeFileSync(lock, taker);
      return 'written';
    });
    expect(result).toBe('written');
    expect(readFileSync(lock, 'utf8')).toBe(taker);
  });

  it('of a lock taken over and already released is no error', async () => {
    const { path, lock } = fresh();
    expect(await withConfigLock(path, () => (unlinkSync(lock), 'written'))).toBe('written');
    expect(fs.existsSync(lock)).toBe(false);
  });
});

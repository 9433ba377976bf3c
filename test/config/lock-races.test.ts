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
      const { mtime } = statSync(lock);
      unlinkSync(lock);
      writeFileSync(lock, live);
      utimesSync(lock, mtime, mtime); // made in the same tick of the file system's clock
    });
    const result = await withConfigLock(path, () => 'written', { waitMs: 50, files }).catch((error: Error) => error.message);
    expect(result).toMatch(/is being written by another svc/);
    expect(readFileSync(lock, 'utf8')).toBe(live);
    expect(fs.readdirSync(join(lock, '..'))).toEqual(['config.json.lock']); // nothing moved aside is left
  });

  it('a lock judged stale by age whose holder refreshes it meanwhile is put back, not removed', async () => {
    const { path, lock } = fresh();
    const text = `${process.pid} slowholder`;
    writeFileSync(lock, text);
    const past = new Date(Date.now() - 60_000);
    utimesSync(lock, past, past);
    const files = readThen(lock, () => {
      const now = new Date();
      utimesSync(lock, now, now);
    });
    const result = await withConfigLock(path, () => 'written', { waitMs: 50, files }).catch((error: Error) => error.message);
    expect(result).toMatch(/is being written by another svc/);
    expect(readFileSync(lock, 'utf8')).toBe(text);
  });

  it.each([
    ['a third svc takes the name meanwhile: it keeps its lock', undefined, 'third'],
    ['no hard links on this file system: renamed back', 'EPERM', 'newer'],
  ])('a newer lock moved aside by mistake, %s', async (_name, linkFault, kept) => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    const newer = `${process.pid} newer`;
    const base = readThen(lock, () => {
      unlinkSync(lock);
      writeFileSync(lock, newer);
    });
    const files: LockFiles = {
      ...base,
      renameSync(from: string, to: string) {
        fs.renameSync(from, to);
        if (from === lock && !linkFault) writeFileSync(lock, `${process.pid} third`);
      },
      linkSync(existing: string, target: string) {
        if (linkFault) throw Object.assign(new Error(linkFault), { code: linkFault });
        fs.linkSync(existing, target);
      },
    };
    const result = await withConfigLock(path, () => 'written', { waitMs: 50, files }).catch((error: Error) => error.message);
    expect(result).toMatch(/is being written by another svc/);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} ${kept}`);
    expect(fs.readdirSync(join(lock, '..'))).toEqual(['config.json.lock']);
  });

  it.each([
    ['released between the failed create and the look', 'statSync'],
    ['removed by another svc between the look and the move', 'renameSync'],
  ] as const)('a lock %s is taken at once, without a wait', async (_name, operation) => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    let gone = false;
    const files = { ...(fs as unknown as LockFiles) };
    (files as unknown as Record<string, unknown>)[operation] = (...args: unknown[]) => {
      if (!gone) {
        gone = true;
        unlinkSync(lock);
      }
      return (fs[operation] as (...a: unknown[]) => unknown)(...args);
    };
    let time = 0;
    const noWait = { now: () => time++, random: () => 0.5, sleep: () => Promise.reject(new Error('waited')) };
    expect(await withConfigLock(path, () => 'written', { waitMs: 0, files, clock: noWait })).toBe('written');
  });

  it.each([
    ['statSync', 'EIO', () => 'EIO'],
    ['readFileSync', 'EACCES', (folder: string) => `the folder ${folder} is not writable by this user (EACCES)`],
  ] as const)(
    'a lock moved aside that cannot be looked at (%s: %s) goes back under its name: the fault is reported, naming it, and nothing is left aside',
    async (operation, code, why) => {
      const { path, lock } = fresh();
      const left = String(endedPid());
      writeFileSync(lock, left);
      const files = { ...(fs as unknown as LockFiles) };
      (files as unknown as Record<string, unknown>)[operation] = (...args: unknown[]) => {
        if (String(args[0]).endsWith('.stale')) throw Object.assign(new Error(code), { code });
        return (fs[operation] as (...a: unknown[]) => unknown)(...args);
      };
      const result = await withConfigLock(path, () => 'written', { waitMs: 50, files }).catch((error: Error) => error.message);
      expect(result).toBe(`cannot read the config lock ${lock}: ${why(join(lock, '..'))}`);
      expect(readFileSync(lock, 'utf8')).toBe(left);
      expect(fs.readdirSync(join(lock, '..'))).toEqual(['config.json.lock']);
    },
  );

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

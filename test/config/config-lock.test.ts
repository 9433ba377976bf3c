import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFileError } from '../../src/config/config-file.js';
import { type LockFiles, withConfigLock } from '../../src/config/config-lock.js';
import { tempFolder } from '../support/temp-folder.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function fresh(): { path: string; lock: string } {
  const path = join(tempFolder('svc-lock-'), 'config.json');
  return { path, lock: `${path}.lock` };
}

/** What a lock made by this process holds: its pid, then a nonce of that lock. */
const ownLock = new RegExp(`^${process.pid} [0-9a-z]+$`);

const busy = (path: string) => `the config file ${path} is being written by another svc (lock ${path}.lock); if no svc is running, remove the lock file`;

/** What a call ends with, and how long it took, by the clock the lock's deadline reads. */
async function timed<T>(call: Promise<T>): Promise<{ result: T | Error; ms: number }> {
  const started = Date.now();
  const result = await call.catch((error: Error) => error);
  return { result, ms: Date.now() - started };
}

/**
 * Another process holding the lock, as another svc would; resolves once it holds it. `letGo`
 * resolves with the time (Date.now(), the system clock both processes read) just before it removed the lock.
 */
async function holdInAnotherProcess(lock: string, ms: number) {
  const script = `const fs=require('node:fs');const fd=fs.openSync(process.argv[1],'wx');fs.writeSync(fd,String(process.pid));console.log('held');setTimeout(()=>{fs.closeSync(fd);const at=Date.now();fs.unlinkSync(process.argv[1]);console.log(at)},${ms})`;
  const child = spawn(process.execPath, ['-e', script, lock], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const letGo = exited.then(() => Number(/^held\n(\d+)\n$/.exec(stdout)?.[1]));
  return { pid: child.pid!, exited, letGo };
}

/** The pid of a process that has ended: a lock holding it was left by a crash. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('withConfigLock: one writer at a time', () => {
  it('runs the write holding the lock with its pid in it, then releases it, even when the write fails', async () => {
    const { path, lock } = fresh();
    expect(await withConfigLock(path, () => readFileSync(lock, 'utf8'))).toMatch(ownLock);
    expect(fs.existsSync(lock)).toBe(false);
    await expect(withConfigLock(path, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('serialises writers that read, wait and write: no update is lost', async () => {
    const { path } = fresh();
    writeFileSync(path, '0');
    let inside = 0;
    let most = 0;
    const increment = async () => {
      most = Math.max(most, ++inside);
      const count = Number(readFileSync(path, 'utf8'));
      await turn();
      writeFileSync(path, String(count + 1));
      inside--;
    };
    // Waits are turns of the event loop, not time: the writers interleave as fast as they can.
    const clock = { now: () => 0, random: () => 0.5, sleep: turn };
    await Promise.all(Array.from({ length: 8 }, () => withConfigLock(path, increment, { clock })));
    expect({ most, count: readFileSync(path, 'utf8') }).toEqual({ most: 1, count: '8' });
  });

  it('waits for another process that holds the lock, and writes once it lets go', async () => {
    const { path, lock } = fresh();
    const holder = await holdInAnotherProcess(lock, 300);
    // When the write ran, by the clock the holder read before letting go: not how long this process
    // waited, which a loaded machine stretches or shrinks (the holder's 300 ms may pass before this
    // process even hears it holds the lock).
    const { result } = await timed(withConfigLock(path, () => ({ text: readFileSync(lock, 'utf8'), at: Date.now() })));
    expect(result).toMatchObject({ text: expect.stringMatching(ownLock) });
    expect(await holder.exited).toBe(0);
    expect((result as { at: number }).at).toBeGreaterThanOrEqual(await holder.letGo);
  });

  it('gives up on a live holder after waitMs, with a sentence naming the lock', async () => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(process.pid)); // this process: alive
    const { result, ms } = await timed(withConfigLock(path, () => 'written', { waitMs: 100 }));
    expect(result).toBeInstanceOf(ConfigFileError);
    expect((result as Error).message).toBe(busy(path));
    expect(ms).toBeGreaterThanOrEqual(100);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid)); // not taken from its holder
  });
});

describe('withConfigLock: a lock left behind', () => {
  it.each([
    ['its pid', ''],
    ['its pid and a line break, as `echo` writes it', '\n'],
    ['its pid and a nonce, as svc writes it', ' 1f2e3d'],
  ])('by a process that has ended (holding %s) is taken over at once', async (_name, after) => {
    const { path, lock } = fresh();
    writeFileSync(lock, `${endedPid()}${after}`);
    const { result, ms } = await timed(withConfigLock(path, () => readFileSync(lock, 'utf8'), { waitMs: 2000, staleMs: 60_000 }));
    expect(result).toMatch(ownLock);
    expect(ms).toBeLessThan(1000);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('older than staleMs (10 s by default) is taken over, even from a live process', async () => {
    const { path, lock } = fresh();
    const age = (seconds: number) => {
      writeFileSync(lock, String(process.pid));
      const then = new Date(Date.now() - seconds * 1000);
      utimesSync(lock, then, then);
    };
    age(11);
    expect(await withConfigLock(path, () => 'written', { waitMs: 50 })).toBe('written');
    age(8);
    expect(await timed(withConfigLock(path, () => 'written', { waitMs: 50 }))).toMatchObject({ result: { message: busy(path) } });
    expect(await withConfigLock(path, () => 'written', { waitMs: 50, staleMs: 5000 })).toBe('written');
  });

  it.each([
    ['empty, being written this instant', ''],
    ['holding no pid', 'svc'],
    ['holding pid 0', '0'],
    ['holding a negative pid', '-7'],
    ['holding a fraction', '1.5'],
  ])('%s, is waited for, not taken over while fresh', async (_name, content) => {
    const { path, lock } = fresh();
    writeFileSync(lock, content);
    expect(await timed(withConfigLock(path, () => 'written', { waitMs: 50 }))).toMatchObject({ result: { message: busy(path) } });
    expect(readFileSync(lock, 'utf8')).toBe(content);
  });

  it('a holder this user may not signal (EPERM) is alive; one that is gone (ESRCH) is not', async () => {
    const { path, lock } = fresh();
    const kill = process.kill;
    const refuse = (code: string) => () => {
      throw Object.assign(new Error(code), { code });
    };
    writeFileSync(lock, '4242');
    try {
      process.kill = refuse('EPERM');
      expect(await timed(withConfigLock(path, () => 'written', { waitMs: 50 }))).toMatchObject({ result: { message: busy(path) } });
      process.kill = refuse('ESRCH');
      expect(await withConfigLock(path, () => 'written', { waitMs: 50 })).toBe('written');
    } finally {
      process.kill = kill;
    }
  });
});

describe('withConfigLock: a lock that cannot be made is an error at once, never a wait', () => {
  /** The real file operations, with one of them failing as the system would. */
  function faulty(operation: keyof LockFiles, code: string, times = Infinity): LockFiles & { calls: string[] } {
    const calls: string[] = [];
    const files = { ...fs, calls } as unknown as LockFiles & { calls: string[] };
    for (const name of ['openSync', 'writeSync', 'closeSync', 'futimesSync', 'unlinkSync', 'renameSync', 'linkSync', 'statSync', 'readFileSync'] as const) {
      (files as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        calls.push(name);
        if (name === operation && times-- > 0) throw Object.assign(new Error(`${code}: ${name}`), { code });
        return (fs[name] as (...a: unknown[]) => unknown)(...args);
      };
    }
    return files;
  }

  it.each(['EACCES', 'EPERM', 'EROFS'])('a config folder that refuses the lock (%s)', async (code) => {
    const { path, lock } = fresh();
    const { result, ms } = await timed(withConfigLock(path, () => 'written', { files: faulty('openSync', code) }));
    expect(result).toBeInstanceOf(ConfigFileError);
    expect((result as Error).message).toBe(`cannot create the config lock ${lock}: the folder ${join(lock, '..')} is not writable by this user (${code})`);
    expect(ms).toBeLessThan(1000);
  });

  it('a full disk: the empty lock it made is removed, so the next svc is not held off', async () => {
    const { path, lock } = fresh();
    const files = faulty('writeSync', 'ENOSPC');
    await expect(withConfigLock(path, () => 'written', { files })).rejects.toThrow(`cannot write the config lock ${lock}: the disk is full (ENOSPC)`);
    expect(files.calls).toEqual(['openSync', 'writeSync', 'closeSync', 'unlinkSync']);
    expect(fs.existsSync(lock)).toBe(false);
    expect(await withConfigLock(path, () => 'written', { waitMs: 50 })).toBe('written');
  });

  it('a folder that does not exist', async () => {
    const { path } = fresh();
    const missing = join(path, 'nowhere', 'config.json');
    await expect(withConfigLock(missing, () => 'written')).rejects.toThrow(`cannot create the config lock ${missing}.lock: ENOENT`);
  });

  it('a lock that cannot be read: a directory, or a file this user may not read', async () => {
    const { path, lock } = fresh();
    mkdirSync(lock);
    const directory = await timed(withConfigLock(path, () => 'written'));
    expect((directory.result as Error).message).toBe(`cannot read the config lock ${lock}: EISDIR`);
    expect(directory.ms).toBeLessThan(1000);
    rmSync(lock, { recursive: true });
    writeFileSync(lock, String(process.pid));
    await expect(withConfigLock(path, () => 'written', { files: faulty('readFileSync', 'EACCES') })).rejects.toThrow(
      `cannot read the config lock ${lock}: the folder ${join(lock, '..')} is not writable by this user (EACCES)`,
    );
  });

  it('a lock left by an ended process in a folder that refuses its removal', async () => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    const { result, ms } = await timed(withConfigLock(path, () => 'written', { files: faulty('renameSync', 'EACCES') }));
    expect((result as Error).message).toBe(`cannot remove the stale config lock ${lock}: the folder ${join(lock, '..')} is not writable by this user (EACCES)`);
    expect(ms).toBeLessThan(1000);
  });

  it('a lock another svc removes between two looks is simply taken', async () => {
    const { path, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    expect(await withConfigLock(path, () => 'written', { waitMs: 50, files: faulty('readFileSync', 'ENOENT', 1) })).toBe('written');
    writeFileSync(lock, String(endedPid()));
    expect(await withConfigLock(path, () => 'written', { waitMs: 50, files: faulty('renameSync', 'ENOENT', 1) })).toBe('written');
    expect(fs.existsSync(lock)).toBe(false);
  });
});

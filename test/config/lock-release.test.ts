import * as fs from 'node:fs';
import { mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LockFiles, withConfigLock } from '../../src/config/config-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// The config lock while held and at its end: a holder refreshes its lock every staleMs / 4, removes
// its own lock and nothing else, and leaves nothing open or running behind it (src/config/stale-lock.ts's
// holdOwn, tested alone in hold-own.test.ts; here what the config lock makes of it).

function fresh(): { path: string; lock: string } {
  const path = join(tempFolder('svc-lock-release-'), 'config.json');
  return { path, lock: `${path}.lock` };
}

/** The real file operations, recording the descriptors opened and closed and counting refreshes. */
function recording() {
  const seen = { opened: [] as number[], closed: [] as number[], refreshes: 0 };
  const files: LockFiles = {
    ...(fs as unknown as LockFiles),
    openSync: (path, flags, mode) => {
      const fd = fs.openSync(path, flags, mode);
      seen.opened.push(fd);
      return fd;
    },
    closeSync: (fd) => (seen.closed.push(fd), fs.closeSync(fd)),
    futimesSync: (fd, atime, mtime) => (seen.refreshes++, fs.futimesSync(fd, atime, mtime)),
  };
  return { seen, files };
}

afterEach(() => vi.useRealTimers());

describe('withConfigLock: holding', () => {
  it('refreshes the lock every staleMs / 4 while the write runs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { path, lock } = fresh();
    const times = await withConfigLock(
      path,
      () => {
        const past = new Date(Date.now() - 60_000);
        utimesSync(lock, past, past);
        vi.advanceTimersByTime(999);
        const before = statSync(lock).mtimeMs;
        vi.advanceTimersByTime(1);
        return { before, past: past.getTime(), after: statSync(lock).mtimeMs, now: Date.now() };
      },
      { staleMs: 4000 },
    );
    expect(times.before).toBe(times.past);
    expect(times.after).toBe(times.now);
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

  it('closes its descriptor, and stops refreshing the lock', async () => {
    const { path } = fresh();
    const { seen, files } = recording();
    await withConfigLock(path, () => new Promise((resolve) => setTimeout(resolve, 50)), { staleMs: 8, files });
    expect(seen.closed).toEqual(seen.opened);
    const refreshes = seen.refreshes;
    expect(refreshes).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50)); // 25 refresh periods: none may come now
    expect(seen.refreshes).toBe(refreshes);
  });

  it('a lock it cannot remove is an error naming it (the write is done)', async () => {
    const { path, lock } = fresh();
    const files = {
      ...(fs as unknown as LockFiles),
      unlinkSync: () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    };
    await expect(withConfigLock(path, () => 'written', { files })).rejects.toThrow(
      `cannot remove the config lock ${lock}: the folder ${join(lock, '..')} is not writable by this user (EACCES)`,
    );
    unlinkSync(lock);
  });

  it('a lock that cannot be read any more is an error naming it (the write is done)', async () => {
    const { path, lock } = fresh();
    await expect(withConfigLock(path, () => (unlinkSync(lock), mkdirSync(lock), 'written'))).rejects.toThrow(`cannot remove the config lock ${lock}: EISDIR`);
    rmdirSync(lock);
  });
});

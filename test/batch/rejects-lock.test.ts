import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockRejects } from '../../src/batch/rejects-lock.js';
import { type LockFiles, systemLockFiles } from '../../src/config/stale-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// The rejects file's lock takes over only a lock left by a process that is gone, and a
// batch lets go of its own lock only, never one another svc took meanwhile.

function fresh(): { rejects: string; lock: string } {
  const rejects = join(tempFolder('svc-rejects-lock-'), 'failed.ndjson');
  writeFileSync(rejects, '');
  return { rejects, lock: `${realpathSync(rejects)}.lock` };
}

const endedPid = (): number => Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());

describe('the rejects lock', () => {
  it('is refused while a live svc holds it, naming its pid', () => {
    const { rejects, lock } = fresh();
    writeFileSync(lock, String(process.ppid));
    expect(lockRejects(rejects)).toEqual({ ok: false, heldBy: process.ppid });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  it.each([
    ['its pid', ''],
    ['its pid and a line break, as `echo` writes it', '\n'],
  ])('left by a process that is gone (holding %s) is taken over, and released', (_name, after) => {
    const { rejects, lock } = fresh();
    writeFileSync(lock, `${endedPid()}${after}`);
    const held = lockRejects(rejects);
    expect(held.ok).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    if (held.ok) held.release();
    expect(existsSync(lock)).toBe(false);
    expect(readdirSync(join(lock, '..'))).toEqual(['failed.ndjson']); // nothing moved aside is left
  });

  it("lets go of its own lock only: one taken over meanwhile is the other svc's", () => {
    const { rejects, lock } = fresh();
    const held = lockRejects(rejects);
    expect(held.ok).toBe(true);
    unlinkSync(lock);
    writeFileSync(lock, String(process.ppid));
    if (held.ok) held.release();
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  // /dev/full takes the open and refuses every write (ENOSPC), as a full disk does after a file is made.
  it.skipIf(!existsSync('/dev/full'))(
    'a lock file made but not written (a full disk) is removed: the batch runs unlocked, nothing left behind (skipped without /dev/full)',
    () => {
      const { rejects, lock } = fresh();
      symlinkSync('/dev/full', `${lock}.${process.pid}`); // the name the lock is written under before it is linked into place
      const held = lockRejects(rejects);
      expect(held.ok).toBe(true);
      expect(readdirSync(join(lock, '..'))).toEqual(['failed.ndjson']);
      if (held.ok) held.release();
    },
  );

  it('is made readable and writable by its owner only, and holds its pid', () => {
    const { rejects, lock } = fresh();
    const held = lockRejects(rejects);
    expect(held.ok).toBe(true);
    expect([statSync(lock).mode & 0o777, readFileSync(lock, 'utf8')]).toEqual([0o600, String(process.pid)]);
    if (held.ok) held.release();
  });

  it("left by a former run with this process's own pid (a container's pid 1 each time) is taken over, and released", () => {
    const { rejects, lock } = fresh();
    writeFileSync(lock, String(process.pid));
    const held = lockRejects(rejects);
    expect(held).toEqual({ ok: true, release: expect.any(Function) });
    if (held.ok) held.release();
    expect(existsSync(lock)).toBe(false); // its own lock, released: not a file used unlocked
  });

  it('a lock another live svc takes between the look at its holder and the takeover is kept, and refused', () => {
    const { rejects, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    let reads = 0;
    const files: LockFiles = {
      ...systemLockFiles,
      readFileSync: (path, encoding) => {
        const text = fs.readFileSync(path, encoding);
        if (path === lock && reads++ === 0) writeFileSync(lock, String(process.ppid)); // the other svc, right after this look
        return text;
      },
    };
    expect(lockRejects(rejects, files)).toEqual({ ok: false, heldBy: process.ppid });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  /** The system's file operations, counting the links tried and failing them with `code`. */
  const failingLinks = (code: string) => {
    const tries = { links: 0 };
    const files: LockFiles = {
      ...systemLockFiles,
      linkSync: () => {
        tries.links++;
        throw Object.assign(new Error(code), { code });
      },
    };
    return { files, tries };
  };

  it.each(['EPERM', 'ENOTSUP', 'EXDEV'])('where no hard link can be made (%s), the file is used unlocked at once, nothing left behind', (code) => {
    const { rejects, lock } = fresh();
    const { files, tries } = failingLinks(code);
    const held = lockRejects(rejects, files);
    expect([held.ok, tries.links]).toEqual([true, 1]);
    expect(readdirSync(join(lock, '..'))).toEqual(['failed.ndjson']);
    if (held.ok) held.release();
  });

  it('a lock another svc makes again each time it is gone: three tries, then the file is used unlocked, never a spin', () => {
    const { rejects, lock } = fresh();
    writeFileSync(lock, String(endedPid()));
    const { files, tries } = failingLinks('EEXIST');
    const held = lockRejects(rejects, files);
    expect([held.ok, tries.links]).toEqual([true, 3]);
    if (held.ok) held.release();
    expect(readdirSync(join(lock, '..'))).toEqual(['failed.ndjson']); // the dead run's lock was taken away; none of ours is left
  });

  it('a lock that cannot be read to judge it (a folder in its place) leaves the file unlocked at once, the folder as it was', () => {
    const { rejects, lock } = fresh();
    mkdirSync(lock);
    const tries = { links: 0 };
    const files: LockFiles = { ...systemLockFiles, linkSync: (from, to) => (tries.links++, fs.linkSync(from, to)) };
    const held = lockRejects(rejects, files);
    expect([held.ok, tries.links]).toEqual([true, 1]);
    if (held.ok) held.release();
    expect(statSync(lock).isDirectory()).toBe(true);
    expect(readdirSync(join(lock, '..')).sort()).toEqual(['failed.ndjson', 'failed.ndjson.lock']);
  });

  it('is removed when svc exits without releasing it (a second Ctrl-C), and the exit hook goes once released', () => {
    const { rejects, lock } = fresh();
    const before = new Set(process.listeners('exit'));
    const held = lockRejects(rejects);
    const added = process.listeners('exit').filter((listener) => !before.has(listener));
    expect(added).toHaveLength(1);
    (added[0] as (code: number) => void)(130); // what Node runs at exit
    expect(existsSync(lock)).toBe(false);
    expect(process.listeners('exit').filter((listener) => !before.has(listener))).toHaveLength(0);
    if (held.ok) held.release();
  });

  it('a release called twice lets go once: a lock taken again since, by the same process, stays', () => {
    const { rejects, lock } = fresh();
    const first = lockRejects(rejects);
    if (first.ok) first.release();
    const again = lockRejects(rejects);
    expect(again.ok).toBe(true);
    if (first.ok) first.release();
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    if (again.ok) again.release();
    expect(existsSync(lock)).toBe(false);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockRejects } from '../../src/batch/rejects-lock.js';
import { tempFolder } from '../support/temp-folder.js';

// The rejects file's lock (issue #10) takes over only a lock left by a process that is gone, and a
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
  it.skipIf(!existsSync('/dev/full'))('a lock file made but not written (a full disk) is removed: the batch runs unlocked, nothing left behind (skipped without /dev/full)', () => {
    const { rejects, lock } = fresh();
    symlinkSync('/dev/full', `${lock}.${process.pid}`); // the name the lock is written under before it is linked into place
    const held = lockRejects(rejects);
    expect(held.ok).toBe(true);
    expect(readdirSync(join(lock, '..'))).toEqual(['failed.ndjson']);
    if (held.ok) held.release();
  });
});

import { realpathSync, writeFileSync } from 'node:fs';
import { holderPid, isAlive, type LockFiles, removeIfStale, systemLockFiles, type Takeover } from '../config/stale-lock.js';

/** Left over: no pid in it, or this process's own pid (a former run), or a process that is gone; a fault of the takeover leaves the lock be. */
const leftOver = (files: LockFiles): Takeover => ({
  isStale: ({ text }) => {
    const holder = holderPid(text);
    return holder === undefined || holder === process.pid || !isAlive(holder);
  },
  fail: (_step, _path, error) => error as Error,
  files,
});

/** A rejects file held for the whole batch; `heldBy` when another running svc holds it. */
export type RejectsLock = { ok: true; release(): void } | { ok: false; heldBy: number };

/**
 * Holds `<rejects file>.lock` (beside the file its path resolves to) for the whole batch, so a
 * second svc given the same rejects file, by any path, is refused instead of emptying it and tearing
 * its lines. A lock whose process is gone (svc was killed) is taken over; a folder
 * where no lock can be made leaves the file unlocked, as before. `files`: the system's when absent;
 * tests play other processes' moves through it.
 */
export function lockRejects(path: string, files: LockFiles = systemLockFiles): RejectsLock {
  const lock = `${realpathSync(path)}.lock`;
  // Written whole under a name of its own, then linked into place: the lock never exists without its pid.
  const mine = `${lock}.${process.pid}`;
  try {
    writeFileSync(mine, String(process.pid), { mode: 0o600 });
  } catch {
    removeStale(files, mine); // made, then not written (a full disk): nothing of it is left
    return { ok: true, release: () => {} };
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const linked = tryLink(files, mine, lock);
      if (linked === undefined) break; // no hard links here (some network or FAT file systems)
      if (linked) return { ok: true, release: releaseOnExit(files, lock) };
      const holder = lockHolder(files, lock);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) return { ok: false, heldBy: holder };
      // Only the lock judged: one another svc took meanwhile is kept (src/config/stale-lock.ts).
      try {
        removeIfStale(lock, leftOver(files));
      } catch {
        break; // cannot be read or cleared here: the file is used unlocked, as where no lock can be made
      }
    }
    return { ok: true, release: () => {} };
  } finally {
    removeStale(files, mine);
  }
}

/** True: linked; false: the lock exists; undefined: it cannot be made here. */
function tryLink(files: LockFiles, from: string, to: string): boolean | undefined {
  try {
    files.linkSync(from, to);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EEXIST' ? false : undefined;
  }
}

function lockHolder(files: LockFiles, lock: string): number | undefined {
  try {
    return holderPid(files.readFileSync(lock, 'utf8'));
  } catch {
    return undefined;
  }
}

function removeStale(files: LockFiles, lock: string): void {
  try {
    files.unlinkSync(lock);
  } catch {
    // another svc removed it first
  }
}

/** Removed when the batch ends, and at exit too (a second Ctrl-C exits at once). */
function releaseOnExit(files: LockFiles, lock: string): () => void {
  let held = true;
  const release = () => {
    // Only our own: a lock taken over meanwhile is another svc's now.
    if (held && lockHolder(files, lock) === process.pid) removeStale(files, lock);
    held = false;
    process.removeListener('exit', release);
  };
  process.on('exit', release);
  return release;
}

import { createOwn, holdOwn, type LockFiles, lockText, type OwnLock, removeIfStale, systemLockFiles, type Takeover } from '../config/stale-lock.js';
import { describeFsError } from '../input/user-file.js';
import { InputError } from '../errors.js';
import { type Holder, judgeHolder, parseHolder, type ReadProc, thisProcess } from './lock-holder.js';

/** How often a running batch marks its lock as alive, and after how long without a mark a lock from another machine is stale. */
export const LOCK_REFRESH_MS = 5_000;
export const LOCK_STALE_MS = 30_000;
/** After taking over a lock from another machine, how long a run waits before it reads the checkpoint: its former holder's time to notice. */
export const TAKEOVER_GRACE_MS = 2 * LOCK_REFRESH_MS;

export interface CheckpointLock {
  /** Whether this run still holds its lock (its own file, with its text, under the lock's name); false once, false for good. */
  owned(): boolean;
  /** Aborted when the run finds it no longer holds its lock: taken over by another run, removed or replaced. */
  lost: AbortSignal;
  /** How long to wait before reading the checkpoint: a lock taken over from another machine leaves its holder time to stop. */
  graceMs: number;
  release(): void;
}

/** The clock, the file operations and /proc of a checkpoint lock (the system's when absent); tests play other runs' moves through them. */
export interface CheckpointLockOptions {
  now?: () => number;
  files?: LockFiles;
  readProc?: ReadProc;
}

/**
 * `<checkpoint>.lock`, made whole under another name and linked into place, so two runs never append
 * to one journal and a kill -9 never leaves a lock without its holder. A lock whose holder is alive
 * on this machine is never taken over, however old its heartbeat (a paused run is not a dead one);
 * a holder whose process is gone, its pid free or reused (told by its start time and boot id), is.
 * A lock from another machine (a shared volume) is taken over once not refreshed for LOCK_STALE_MS.
 * The takeover removes only the lock it judged (src/config/stale-lock.ts).
 */
export function lockCheckpoint(checkpoint: string, { now = Date.now, files = systemLockFiles, readProc }: CheckpointLockOptions = {}): CheckpointLock {
  const path = `${checkpoint}.lock`;
  const me = thisProcess(readProc);
  const judged = { fromElsewhere: false };
  for (let attempt = 0; ; attempt++) {
    const held = tryCreate(path, me, files);
    if (held !== undefined) return holdCheckpoint(path, held, files, judged.fromElsewhere ? TAKEOVER_GRACE_MS : 0);
    if (attempt < 3 && removeIfStale(path, leftOver(checkpoint, me, { now, files, readProc }, judged))) continue;
    const holder = readHolder(path, files);
    const who = holder ? `svc pid ${holder.pid} on ${holder.host}` : 'another svc';
    throw new InputError(
      `--checkpoint ${checkpoint} is in use by ${who} (lock ${path}); two runs cannot share a checkpoint. If that run is gone, remove the lock file`,
    );
  }
}

/** The lock's descriptor and its text, which tells it from any other run's lock (the nonce); never an empty lock left behind. */
function tryCreate(path: string, me: Holder, files: LockFiles): OwnLock | undefined {
  const text = JSON.stringify({ ...me, nonce: lockText() });
  return createOwn(path, text, files, (step, error) => new InputError(`--checkpoint: cannot ${step} the lock ${path}: ${describeFsError(error)}`));
}

/**
 * Holds the lock: refreshed every LOCK_REFRESH_MS, and checked then and whenever `owned()` is asked
 * (before each request). The check is a stat of the name: the file must be this run's (the inode its
 * descriptor holds open, which no other file can have meanwhile), and, when its time changed, hold
 * this run's text; only then is it read.
 */
function holdCheckpoint(path: string, own: OwnLock, files: LockFiles, graceMs: number): CheckpointLock {
  const holding = holdOwn(path, own, LOCK_REFRESH_MS, files);
  const mine = files.fstatSync(own.fd);
  const lost = new AbortController();
  let seenMtimeMs = -1;
  const owned = (): boolean => {
    if (lost.signal.aborted) return false;
    try {
      const now = files.statSync(path);
      if (now.ino !== mine.ino || now.dev !== mine.dev) throw new Error('replaced');
      if (now.mtimeMs !== seenMtimeMs && files.readFileSync(path, 'utf8') !== own.text) throw new Error('rewritten');
      seenMtimeMs = now.mtimeMs;
      return true;
    } catch {
      lost.abort(); // removed, replaced, rewritten, or no longer readable: not known to be ours, so not ours
      return false;
    }
  };
  const watch = setInterval(owned, LOCK_REFRESH_MS);
  watch.unref();
  return {
    owned,
    lost: lost.signal,
    graceMs,
    // A lock it could not remove is no fault of the batch, whose records are out: the next run takes it over (its process is gone).
    release: () => {
      clearInterval(watch);
      holding.release();
    },
  };
}

function readHolder(path: string, files: LockFiles): Holder | undefined {
  try {
    return parseHolder(files.readFileSync(path, 'utf8'));
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Left over: its holder's process on this machine is gone, or, from another machine (or unreadable), no run refreshed it for LOCK_STALE_MS. */
function leftOver(
  checkpoint: string,
  me: Holder,
  { now, files, readProc }: Required<Omit<CheckpointLockOptions, 'readProc'>> & Pick<CheckpointLockOptions, 'readProc'>,
  judged: { fromElsewhere: boolean },
): Takeover {
  return {
    isStale: ({ text, mtimeMs }) => {
      const state = judgeHolder(text, me, readProc);
      if (state !== 'elsewhere') return state === 'gone';
      const stale = now() - mtimeMs > LOCK_STALE_MS;
      judged.fromElsewhere ||= stale;
      return stale;
    },
    fail: (step, path, error) => new InputError(`--checkpoint ${checkpoint}: cannot ${step} lock ${path}: ${describeFsError(error)}`),
    files,
  };
}

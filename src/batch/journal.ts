import { closeSync, fdatasync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { describeFsError } from '../input/user-file.js';
import type { FileIdentity } from '../output/output-file.js';
import { type Fingerprint, fingerprintMismatch } from './fingerprint.js';
import type { LineOutcome } from './records.js';
import { InputError } from '../errors.js';

/**
 * The checkpoint file: an append-only journal of NDJSON entries after a header that
 * names the run (its fingerprint):
 *
 *   {"line":12,"started":true}           written, and synced, before line 12 is sent
 *   {"line":12,"record":{"ok":true,…}}   its outcome, once known
 *   {"line":12,"unsent":true}            its request is known not to have been applied (401, Ctrl-C in a retry wait)
 *
 * Each entry is one write(2) of a whole line, so a kill -9 leaves every entry whole but perhaps the
 * last; a torn last entry is dropped on reading, as if it had never been written.
 *
 * A write that fails or is cut short (a full disk: ENOSPC, EDQUOT; a failing one: EIO), or a sync
 * that fails, ends the journal: what it tore is cut off, nothing more is written, `failed` is
 * aborted, and no line waiting for its "started" entry is told to go, its entry written or not.
 */
export interface Journal {
  /** What an earlier run left for this line. */
  prior(line: number): PriorLine | undefined;
  /** Whether an earlier run wrote this checkpoint. */
  readonly resumed: boolean;
  /**
   * Writes the line's "started" entry and syncs it: true once it is whole on disk, and only then may
   * the line be sent. False when this write or sync, or any before it, failed: the line must not be sent.
   */
  started(line: number): Promise<boolean>;
  finished(line: number, outcome: LineOutcome): void;
  unsent(line: number): void;
  /** Aborted at the first write or sync that fails or is cut short; its reason says why, in words ("no space left on device (ENOSPC)"). */
  readonly failed: AbortSignal;
  /** Syncs what is written; a sync that fails aborts `failed`. */
  flush(): Promise<void>;
  /** Syncs what is written and closes the file. */
  close(): Promise<void>;
}

export type PriorLine = { state: 'started' } | { state: 'recorded'; outcome: LineOutcome };

const HEADER_KIND = 'svc-batch-checkpoint';

// Per line: -1 started, 0 nothing or unsent, else 1 + the record entry's byte offset. The record
// itself stays in the file and is read back when its line comes, so memory does not hold results.
const STARTED = -1;

/** Opens (or creates) the checkpoint; refuses one made for another run, or a file the batch reads or writes (`guarded`). */
export function openJournal(path: string, fingerprint: Fingerprint, guarded: readonly FileIdentity[]): Journal {
  let fd: number;
  try {
    fd = openSync(path, 'a+', 0o600);
  } catch (error) {
    throw new InputError(`--checkpoint: cannot open ${path}: ${describeFsError(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    const clash = guarded.find((id) => id.dev === stat.dev && id.ino === stat.ino);
    if (clash) throw new InputError(`--checkpoint ${path} is ${clash.role}; name another file`);
    if (!stat.isFile()) throw new InputError(`--checkpoint ${path} is not a regular file; name a file (svc creates it)`);
    const loaded = loadEntries(fd, path);
    if (loaded.header === undefined) {
      refuseForeignFile(fd, path);
      ftruncateSync(fd, 0);
      const written = writeWhole(fd, `${JSON.stringify({ kind: HEADER_KIND, version: 1, ...fingerprint })}\n`, 0);
      if (typeof written === 'string') throw new InputError(`--checkpoint ${path}: cannot write it: ${written}`);
    } else {
      const why = fingerprintMismatch(loaded.header, fingerprint);
      if (why) throw new InputError(`--checkpoint ${path} was made for another run: ${why}; name a new checkpoint file for this one`);
      ftruncateSync(fd, loaded.end); // a torn last entry goes, so the next one starts on its own line
    }
    return createJournal(fd, loaded.offsets, loaded.header !== undefined);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

const HEADER_START = `{"kind":"${HEADER_KIND}"`;

/** A file without a whole header is ours only if it is empty or holds the start of a header torn by a kill; anything else is the user's. */
function refuseForeignFile(fd: number, path: string): void {
  const start = readRange(fd, 0, HEADER_START.length).toString('utf8');
  if (!HEADER_START.startsWith(start)) throw new InputError(`--checkpoint ${path} is not an svc checkpoint file; name a new file (svc creates it)`);
}

interface Loaded {
  header?: Record<string, unknown>;
  offsets: Map<number, number>;
  /** Where the last whole entry ends. */
  end: number;
}

function loadEntries(fd: number, path: string): Loaded {
  const offsets = new Map<number, number>();
  let header: Record<string, unknown> | undefined;
  let entryNumber = 0;
  let torn = false;
  let end = 0;
  for (const { bytes, at } of journalLines(fd)) {
    entryNumber++;
    const entry = bytes && parseEntry(bytes);
    if (torn || bytes === undefined || entry === undefined) {
      // Written in part when the run was killed: dropped, unless whole entries follow it.
      if (torn)
        throw new InputError(
          `--checkpoint ${path}: entry ${entryNumber - 1} is damaged (only the last entry can be torn by a kill); it cannot be resumed safely`,
        );
      torn = true;
      continue;
    }
    if (header === undefined) {
      if (entry.kind !== HEADER_KIND) throw new InputError(`--checkpoint ${path} is not an svc checkpoint file; name a new file (svc creates it)`);
      header = entry;
    } else applyEntry(offsets, entry, at);
    end = at + bytes.length + 1;
  }
  return { header, offsets, end };
}

const CHUNK = 1024 * 1024;

/** The journal's entries with their offsets, read a chunk at a time; `bytes` is undefined for a last entry without its line break. */
function* journalLines(fd: number): Generator<{ bytes: Buffer | undefined; at: number }> {
  let carry = Buffer.alloc(0);
  let position = 0;
  for (;;) {
    const chunk = readRange(fd, position, CHUNK);
    const text = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    const base = position - carry.length;
    position += chunk.length;
    let start = 0;
    for (let end = text.indexOf(0x0a); end !== -1; start = end + 1, end = text.indexOf(0x0a, start))
      yield { bytes: text.subarray(start, end), at: base + start };
    carry = Buffer.from(text.subarray(start));
    if (chunk.length === 0) break;
  }
  if (carry.length > 0) yield { bytes: undefined, at: position - carry.length };
}

function parseEntry(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function applyEntry(offsets: Map<number, number>, entry: Record<string, unknown>, at: number): void {
  const line = entry.line;
  if (typeof line !== 'number') return;
  if (entry.started === true) offsets.set(line, STARTED);
  else if (entry.record !== undefined) offsets.set(line, at + 1);
  else if (entry.unsent === true) offsets.delete(line);
}

function readRange(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}

function createJournal(fd: number, offsets: Map<number, number>, resumed: boolean): Journal {
  let end = fstatSync(fd).size;
  const failure = new AbortController();
  const fail = (reason: string) => void (failure.signal.aborted || failure.abort(reason));
  const sync = createGroupSync(fd);
  // After a failure nothing more is written: a later, smaller entry might fit, and leave a gap no run could read.
  const append = (entry: object): boolean => {
    if (failure.signal.aborted) return false;
    const written = writeWhole(fd, `${JSON.stringify(entry)}\n`, end);
    if (typeof written === 'string') {
      fail(written);
      return false;
    }
    end += written;
    return true;
  };
  const flush = () => (failure.signal.aborted ? Promise.resolve() : sync().catch((error: unknown) => fail(writeFailure(error))));
  return {
    resumed,
    failed: failure.signal,
    prior(line) {
      const at = offsets.get(line);
      if (at === undefined) return undefined;
      if (at === STARTED) return { state: 'started' };
      const entry = parseEntry(readRange(fd, at - 1, recordLength(fd, at - 1, end)));
      return { state: 'recorded', outcome: entry!.record as LineOutcome };
    },
    async started(line) {
      if (!append({ line, started: true })) return false;
      await flush();
      // Another line's write may have failed while this one waited for the sync: nothing more is sent.
      return !failure.signal.aborted;
    },
    finished: (line, outcome) => void append({ line, record: outcome }),
    unsent: (line) => void append({ line, unsent: true }),
    flush,
    async close() {
      await flush();
      closeSync(fd);
    },
  };
}

/**
 * Appends `text` whole and returns its length in bytes, or says why it could not: a write cut short
 * is followed by one for the rest, which on a full disk fails. What a failed append wrote is cut off
 * again (the file ended at `end`), so the journal never holds the start of an entry whose line was not sent.
 */
function writeWhole(fd: number, text: string, end: number): number | string {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) {
      const n = writeSync(fd, bytes, written, bytes.length - written);
      if (n <= 0) throw new Error(`only ${written} of its ${bytes.length} bytes were written`);
      written += n;
    }
    return written;
  } catch (error) {
    try {
      if (written > 0) ftruncateSync(fd, end);
    } catch {
      // Left torn at the end, where reading drops it: a torn last entry is one a kill could have left.
    }
    return writeFailure(error);
  }
}

/** "no space left on device (ENOSPC)", from Node's "ENOSPC: no space left on device, write". */
function writeFailure(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const words = String(message ?? error)
    .replace(/^[A-Z0-9_]+: /, '')
    .replace(/, (write|fdatasync)$/, '');
  return typeof code === 'string' && !words.includes(code) ? `${words} (${code})` : words;
}

/** The length of the entry at `at`, up to its line break. */
function recordLength(fd: number, at: number, end: number): number {
  for (let length = 4096; ; length *= 4) {
    const bytes = readRange(fd, at, Math.min(length, end - at));
    const newline = bytes.indexOf(0x0a);
    if (newline !== -1) return newline;
    if (at + bytes.length >= end) return bytes.length;
  }
}

/**
 * fdatasync, shared: a caller waits for a sync that began after its write. Lines started together
 * share one sync, so the cost is one disk flush per burst, not per line.
 */
function createGroupSync(fd: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const flush = () =>
    new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))).finally(() => {
      running = undefined;
    });
  return () => {
    if (!running) return (running = flush());
    // A sync is under way, but it may have begun before this write: wait for the next one.
    queued ??= running.then(() => {
      queued = undefined;
      return (running = flush());
    });
    return queued;
  };
}

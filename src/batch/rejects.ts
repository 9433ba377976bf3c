import { closeSync, ftruncateSync, writeSync } from 'node:fs';
import { describeFsError } from '../input/user-file.js';
import { type FileIdentity, openOutputFile } from '../output/output-file.js';
import { lockRejects } from './rejects-lock.js';
import { InputError } from '../errors.js';

/** The failed input lines, verbatim, so that fixing this file and running it again finishes the job. */
export interface RejectsFile {
  add(raw: string): void;
  close(): void;
}

/**
 * Creates (or empties) the rejects file, unless it is a file the batch reads or writes (`guarded`:
 * the input, standard input's or output's file) or another running svc's rejects file. A CSV header
 * goes first at once, so the file is always a valid input: with no failures it holds no rows, and
 * running it again does nothing. Writes are synchronous, one whole line each, so whatever the batch
 * has recorded as failed is on disk when svc exits, any stop signal included.
 */
export function openRejects(path: string, header: string | undefined, guarded: readonly FileIdentity[]): RejectsFile {
  const { fd, release } = openLocked(path, guarded);
  const write = (raw: string) => writeSync(fd, /[\r\n]$/.test(raw) ? raw : `${raw}\n`); // the input's last line may lack a break
  if (header !== undefined) write(header);
  let open = true;
  return {
    add(raw) {
      // A line too long to keep was dropped while reading; its record says so.
      if (raw !== '') write(raw);
    },
    close() {
      if (open) closeSync(fd);
      if (open) release();
      open = false;
    },
  };
}

/** Opens the file for writing, holding its lock when it is a regular file; empties it only once both checks pass. */
function openLocked(path: string, guarded: readonly FileIdentity[]): { fd: number; release(): void } {
  try {
    // Checked without emptying first: the lock must be ours before a byte is lost.
    const probe = openOutputFile(path, '--rejects', guarded, { empty: false });
    if (!probe.stat.isFile()) return { fd: probe.fd, release: () => {} };
    const lock = lockRejects(path);
    if (!lock.ok) {
      closeSync(probe.fd);
      throw new InputError(`--rejects ${path} is being written by another svc (pid ${lock.heldBy}); give each run its own rejects file`);
    }
    ftruncateSync(probe.fd, 0);
    return { fd: probe.fd, release: lock.release };
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`--rejects: cannot write ${path}: ${describeFsError(error)}`);
  }
}

import { closeSync, ftruncateSync, type Stats, writeSync } from 'node:fs';
import { uncertainPathBeside } from './options.js';
import { describeFsError } from '../input/user-file.js';
import { type FileIdentity, openOutputFile } from '../output/output-file.js';
import { lockRejects } from './rejects-lock.js';
import { InputError } from '../errors.js';

/**
 * The failed input lines, verbatim, so that fixing this file and running it again finishes the job
 * without applying anything twice: a line that may have been applied goes to a file of its own.
 */
export interface RejectsFile {
  /** A failed line; `uncertain`: it may have been applied, and goes to `uncertainPath` where there is one. */
  add(raw: string, uncertain?: boolean): void;
  /** The file of the failed lines that may have been applied, when they are kept apart from the others. */
  readonly uncertainPath?: string;
  close(): void;
}

/**
 * Creates (or empties) the rejects file, unless it is a file the batch reads or writes (`guarded`:
 * the input, standard input's or output's file) or another running svc's rejects file. A CSV header
 * goes first at once, so the file is always a valid input: with no failures it holds no rows, and
 * running it again does nothing. Writes are synchronous, one whole line each, so whatever the batch
 * has recorded as failed is on disk when svc exits, any stop signal included.
 *
 * `apart` (an operation not safe to repeat): the lines that may have been applied go to a second
 * file beside it (src/batch/options.ts, uncertainPathBeside), made and guarded the same way, so that
 * running the rejects file again cannot apply a line twice. When the rejects file is not a regular
 * file (a pipe, /dev/null), there is no beside: every failed line goes to it.
 */
export function openRejects(path: string, header: string | undefined, guarded: readonly FileIdentity[], apart = false): RejectsFile {
  const rejects = claim(path, guarded);
  let uncertain: Claimed | undefined;
  try {
    // Both files are checked and locked before either is emptied: a refusal leaves both as they were.
    const itself = { dev: rejects.stat.dev, ino: rejects.stat.ino, role: 'the --rejects file' };
    if (apart && rejects.stat.isFile()) uncertain = claim(uncertainPathBeside(path), [...guarded, itself], MAYBE_APPLIED);
    const lines = linesOf(rejects, header);
    if (!uncertain) return lines;
    const maybeApplied = linesOf(uncertain, header);
    return {
      add: (raw, isUncertain) => (isUncertain ? maybeApplied : lines).add(raw),
      uncertainPath: uncertain.path,
      close() {
        lines.close();
        maybeApplied.close();
      },
    };
  } catch (error) {
    rejects.release();
    uncertain?.release();
    throw error;
  }
}

/** A file opened for writing and locked, not yet emptied. */
interface Claimed {
  path: string;
  fd: number;
  stat: Stats;
  /** Closes it and lets its lock go. */
  release(): void;
}

/** Empties the claimed file, writes the header, and takes its lines. */
function linesOf(file: Claimed, header: string | undefined): RejectsFile {
  const { fd } = file;
  try {
    if (file.stat.isFile()) ftruncateSync(fd, 0);
  } catch (error) {
    throw new InputError(`--rejects: cannot write ${file.path}: ${describeFsError(error)}`);
  }
  const write = (raw: string) => writeSync(fd, /[\r\n]$/.test(raw) ? raw : `${raw}\n`); // the input's last line may lack a break
  if (header !== undefined) write(header);
  let open = true;
  return {
    add(raw) {
      // A line too long to keep was dropped while reading; its record says so.
      if (raw !== '') write(raw);
    },
    close() {
      if (open) file.release();
      open = false;
    },
  };
}

/** What the file beside the rejects file is, in a refusal: the user did not name it. */
const MAYBE_APPLIED = ', where the lines that may have been applied go';

/** Opens the file for writing, not emptying it, and holds its lock when it is a regular file; `role` follows its name in a refusal. */
function claim(path: string, guarded: readonly FileIdentity[], role = ''): Claimed {
  try {
    // Checked without emptying first: the lock must be ours before a byte is lost.
    const probe = openOutputFile(path, '--rejects', guarded, { empty: false });
    const close = () => closeSync(probe.fd);
    if (!probe.stat.isFile()) return { path, ...probe, release: close };
    const lock = lockRejects(path);
    if (!lock.ok) {
      close();
      throw new InputError(`--rejects ${path} is being written by another svc (pid ${lock.heldBy}); give each run its own rejects file`);
    }
    return {
      path,
      ...probe,
      release() {
        close();
        lock.release();
      },
    };
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`--rejects: cannot write ${path}${role}: ${describeFsError(error)}`);
  }
}

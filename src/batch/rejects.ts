import { closeSync, openSync, writeSync } from 'node:fs';
import { describeFsError } from '../input/body-source.js';
import { BatchInputError } from './source.js';

/** The failed input lines, verbatim, so that fixing this file and running it again finishes the job. */
export interface RejectsFile {
  add(raw: string): void;
  close(): void;
}

/**
 * Creates (or empties) the rejects file. A CSV header goes first at once, so the file is always a
 * valid input: with no failures it holds no rows, and running it again does nothing. Writes are
 * synchronous, so whatever the batch has recorded as failed is on disk when svc exits, Ctrl-C included.
 */
export function openRejects(path: string, header: string | undefined): RejectsFile {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error) {
    throw new BatchInputError(`--rejects: cannot write ${path}: ${describeFsError(error)}`);
  }
  const write = (raw: string) => writeSync(fd, /\n$/.test(raw) ? raw : `${raw}\n`); // the input's last line may lack a break
  if (header !== undefined) write(header);
  let open = true;
  return {
    add(raw) {
      // A line too long to keep was dropped while reading; its record says so.
      if (raw !== '') write(raw);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

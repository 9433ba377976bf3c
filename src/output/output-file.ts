import { closeSync, constants, fstatSync, ftruncateSync, openSync, type Stats, statSync } from 'node:fs';
import { InputError } from '../errors.js';

/**
 * A file svc reads or writes, known by device and inode, so whatever path, link or descriptor
 * names it (a symlink, a hard link, /dev/fd/0, /dev/stdout), it is recognised.
 */
export interface FileIdentity {
  dev: number;
  ino: number;
  /** What it is to svc, for the refusal: "the input file", "standard output's file". */
  role: string;
}

// Terminals and /dev/null are shared harmlessly; files and pipes are where lines get lost or mixed.
const isGuarded = (stat: Stats): boolean => stat.isFile() || stat.isFIFO() || stat.isSocket();

/** The file behind a descriptor (0: standard input, 1: standard output), if it is one that can be clobbered. */
export function identityOfDescriptor(fd: number, role: string): FileIdentity | undefined {
  try {
    const stat = fstatSync(fd);
    return isGuarded(stat) ? { dev: stat.dev, ino: stat.ino, role } : undefined;
  } catch {
    return undefined; // closed
  }
}

export function identityOfPath(path: string, role: string): FileIdentity | undefined {
  try {
    const stat = statSync(path);
    return isGuarded(stat) ? { dev: stat.dev, ino: stat.ino, role } : undefined;
  } catch {
    return undefined;
  }
}

/** Standard input's and standard output's files: no output svc opens may be either. */
export function standardStreamFiles(): FileIdentity[] {
  return [identityOfDescriptor(0, "standard input's file"), identityOfDescriptor(1, "standard output's file")].filter((id) => id !== undefined);
}

/**
 * Opens `path` for writing and empties it (unless `empty: false`), refusing it if it is one of
 * `guarded` (an InputError says which). The check is made on the file actually opened, before it is emptied, so no path trick,
 * link or race can make svc empty the file it reads. `flag` names the option in the refusal.
 */
export function openOutputFile(path: string, flag: string, guarded: readonly FileIdentity[], options: { empty?: boolean } = {}): { fd: number; stat: Stats } {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT, 0o666);
  const stat = fstatSync(fd);
  const clash = guarded.find((id) => id.dev === stat.dev && id.ino === stat.ino);
  if (clash) {
    closeSync(fd);
    throw new InputError(`${flag} ${path} is ${clash.role}; name another file`);
  }
  if (stat.isDirectory()) {
    closeSync(fd);
    throw new InputError(`${flag}: ${path} is a folder; give a file name`);
  }
  if (stat.isFile() && options.empty !== false) ftruncateSync(fd, 0);
  return { fd, stat };
}

// node:fs, not node:fs/promises: that one loads readline and file watchers on every call (~1 ms).
import { closeSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../errors.js';
import { identityOfPath, openOutputFile, standardStreamFiles } from './output-file.js';

function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A file svc writes whole once an answer comes (`--save-html <file>`), checked now so that a typo
 * costs no request: its folder exists, it is no folder, and it is neither standard input's nor
 * output's file by any path. Each refusal is an InputError naming `flag`.
 */
export function prepareFileWrite(file: string, flag: string): (text: string) => void {
  if (file.trim() === '') throw new InputError(`${flag}: give a file name`);
  const folder = statOrNothing(dirname(file));
  if (!folder?.isDirectory()) throw new InputError(`${flag}: the folder ${dirname(file)} does not exist`);
  if (statOrNothing(file)?.isDirectory()) throw new InputError(`${flag}: ${file} is a folder; give a file name`);
  const streams = standardStreamFiles();
  const target = identityOfPath(file, '');
  const clash = target && streams.find((id) => id.dev === target.dev && id.ino === target.ino);
  if (clash) throw new InputError(`${flag} ${file} is ${clash.role}; name another file`);
  return (text) => {
    try {
      const { fd } = openOutputFile(file, flag, streams);
      writeFileSync(fd, text);
      closeSync(fd);
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`${flag}: cannot write ${file}: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
  };
}

/**
 * Creates `file` with `text`, never replacing one that is there (a user's own file of that name is
 * kept): false when it exists. Each refusal is an InputError naming `flag`.
 */
export function writeNewFile(file: string, text: string, flag: string): boolean {
  try {
    writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT') throw new InputError(`${flag}: the folder ${dirname(file)} does not exist`);
    throw new InputError(`${flag}: cannot write ${file}: ${code ?? (error as Error).message}`);
  }
}

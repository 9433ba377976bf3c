import { dirname } from 'node:path';
import { makeFolders } from '../make-folders.js';
import { ConfigFileError } from './settings-file.js';

/**
 * Makes a folder of svc's settings (the settings folder, a profile's added areas) 0700 with its
 * missing parents, or throws a ConfigFileError naming the level that could not be made and why.
 * Returns the first folder it made (src/make-folders.ts).
 */
export function makeSettingsFolder(folder: string): string | undefined {
  try {
    return makeFolders(folder, 0o700);
  } catch (error) {
    const { code, path } = error as { code?: string; path?: string };
    const level = path ?? folder;
    const why =
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? `${dirname(level)} is not writable by this user (${code})` : (code ?? String(error));
    throw new ConfigFileError(`cannot create the folder ${level}: ${why}`);
  }
}

import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes a folder and the parents it lacks, one level at a time, as `mkdir -p` does, or throws the
 * error of the first level that cannot be made (its `path` names that level). Not mkdirSync's own
 * `recursive`: where mkdir answers ENOENT under a folder that exists (/proc, /sys), Node's makes the
 * parent, finds it there and tries again, forever and deaf to signals, while Bun's (the standalone
 * binary) throws; and the two name different levels when one cannot be made. Returns the first
 * folder it made, the shallowest, as mkdirSync's `recursive` does (undefined: it made none).
 */
export function makeFolders(folder: string, mode?: number): string | undefined {
  const parent = dirname(folder);
  const first = parent !== folder && statSync(parent, { throwIfNoEntry: false }) === undefined ? makeFolders(parent, mode) : undefined;
  try {
    mkdirSync(folder, { mode });
    return first ?? folder;
  } catch (error) {
    // Another process made it meanwhile; a file of that name fails at the next level, or at the caller's use.
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return first;
  }
}

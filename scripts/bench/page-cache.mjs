// The peak memory of a program counts the pages of its executable that it maps, and how many a
// run maps depends on how the file came into the page cache: the standalone binary just written
// by `npm run package` (or a download) peaks about 5 MiB higher than the same file read back from
// disk (docs/performance.md, "One call at the floor"). So before it measures a peak, the bench
// drops the executables from the page cache, and every round then runs the file as read from disk,
// as an installed program is after a restart. GNU dd (coreutils) does it: `iflag=nocache count=0`
// asks the kernel to drop the whole file's cached pages (posix_fadvise DONTNEED); pages another
// process has mapped stay.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** `command`'s executable as the PATH finds it, its links followed; undefined when there is none. */
export function executableOnPath(command, path = process.env.PATH ?? '') {
  const candidates = isAbsolute(command)
    ? [command]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((folder) => join(folder, command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not here: the next folder
    }
  }
  return undefined;
}

/** Drops each file's pages from the page cache; resolves to the files it could not (no GNU dd, another system). */
export function dropFromPageCache(files) {
  return files.filter((file) => spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none'], { stdio: 'ignore' }).status !== 0);
}

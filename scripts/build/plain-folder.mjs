// A folder for work that is renamed into place or shipped, with the mode a plain `mkdir` gives under
// the user's umask. mkdtemp makes its folder 0700, for private scratch space: a dist/ renamed from
// one could be entered by its owner alone, so after a build by root (a Docker image, a shared CI
// runner, `sudo npm install -g` from a clone) every other user got EACCES from svc.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';

/** Makes `<prefix><random>` with a plain mkdir (never an existing folder), and returns its path. */
export function makeFolder(prefix) {
  for (let attempt = 1; ; attempt++) {
    const path = `${prefix}${randomBytes(6).toString('hex')}`;
    try {
      mkdirSync(path);
      return path;
    } catch (error) {
      if (error.code !== 'EEXIST' || attempt === 100) throw error;
    }
  }
}

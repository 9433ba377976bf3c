// Puts a finished build in place of the old one without a moment in which a file is missing: a
// running svc (or `svc mock` started from the README while `npm test` builds) reads dist/ at any
// time. Each new file replaces its old self by rename(2), which is atomic on one file system, so a
// reader opens either the old file or the new one, whole. Only then do the files the new build no
// longer has go, but for what no build makes: the standalone binaries that `npm run package` and
// `npm run release` write into dist/. A first build (no dist/ yet) is one rename of the whole folder.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * dist/svc, dist/svc-<target> (.exe for Windows) and dist/release/, and each while it is written
 * (`.partial-…`): scripts/package.mjs and scripts/release.mjs write them, no build does.
 */
const PACKAGED = /^(?:svc(?:-[a-z0-9]+-[a-z0-9]+)?(?:\.exe)?(?:\.partial-\w+)?|release(?:\.partial-\w+)?(?:[\\/].*)?)$/;

/** Every file under `folder`, as paths relative to it; folders whose name starts with a dot (another run's work) are left out. */
function filesUnder(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) walk(path);
      } else found.push(relative(folder, path));
    }
  };
  walk(folder);
  return found;
}

/**
 * Moves every file of `staging` into `target`, replacing each old file atomically, then removes what
 * the new build does not have. `afterStep` (tests) is called after each change to the file system.
 */
export function swapIn(staging, target, afterStep = () => {}) {
  if (!existsSync(target)) {
    renameSync(staging, target);
    return afterStep();
  }
  const fresh = filesUnder(staging);
  const kept = new Set(fresh);
  for (const file of fresh) {
    const to = join(target, file);
    mkdirSync(join(to, '..'), { recursive: true });
    renameSync(join(staging, file), to);
    afterStep();
  }
  for (const file of filesUnder(target)) {
    if (kept.has(file) || PACKAGED.test(file)) continue;
    rmSync(join(target, file), { force: true });
    afterStep();
  }
  removeEmptyFolders(target);
  rmSync(staging, { recursive: true, force: true });
}

function removeEmptyFolders(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    removeEmptyFolders(path);
    if (readdirSync(path).length === 0) rmdirSync(path);
  }
}

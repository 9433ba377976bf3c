// package.json's `man` field: the man pages `npm run docs` writes into dist/man, which
// `npm install -g` links into the man path. npm reads the field of the package as it is (it expands
// `directories.man` when it packs a folder, not when it installs a tarball), so the field names
// every page and is written again whenever the pages change: by `npm run docs` and by
// `npm run registry:import` (an imported area brings pages of its own).
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleManualWriter, repoRoot } from './bundle.mjs';

/** The manual writer (src/cli/reference/manual.ts) bundled from the sources as they are now, for `use`; its folder is removed after. */
export async function withManualWriter(use) {
  // Bundled inside the repository so the writer resolves msw (external) from node_modules; not in
  // dist/, which ships: a run stopped midway leaves its folder behind.
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'svc-docs-'));
  try {
    const outfile = join(work, 'manual.mjs');
    await bundleManualWriter({ outfile });
    return await use(await import(pathToFileURL(outfile).href));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Makes package.json's `man` field list the pages `names` (file names in dist/man), in order;
 * returns whether it changed. The file is replaced whole (written beside it, then renamed), and
 * not at all when the field is already right.
 */
export function writeManField(names, root = repoRoot) {
  const path = join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  const man = [...new Set(names)].sort().map((name) => `./dist/man/${name}`);
  if (JSON.stringify(pkg.man) === JSON.stringify(man)) return false;
  pkg.man = man;
  const next = join(root, `.package.json.${process.pid}`);
  try {
    writeFileSync(next, `${JSON.stringify(pkg, null, 2)}\n`);
    renameSync(next, path);
  } finally {
    rmSync(next, { force: true });
  }
  return true;
}

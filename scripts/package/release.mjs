// The release's binaries (npm run release, scripts/release.mjs): every target's standalone binary
// and a SHA256SUMS file in sha256sum's format (`<hex>  <name>`), so `sha256sum -c SHA256SUMS`
// checks a download.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeFolder } from '../build/plain-folder.mjs';
import { buildStandalones } from './standalone.mjs';
import { TARGETS, binaryName } from './targets.mjs';

/** The file name of a target's binary in a release: svc-<target>, .exe for Windows. */
export const releaseName = (target) => binaryName(target, `svc-${target}`);

/** The lines of a SHA256SUMS file for `files` (paths), in sha256sum's text format, sorted by name. */
export function sha256Sums(files) {
  return files
    .map((file) => `${createHash('sha256').update(readFileSync(file)).digest('hex')}  ${basename(file)}\n`)
    .sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1))
    .join('');
}

/**
 * Writes every target's binary and SHA256SUMS into `folder`, replacing what was there only once
 * all are built (they are built beside it); resolves to the file names written.
 */
export async function writeRelease({ folder, log }) {
  mkdirSync(dirname(folder), { recursive: true });
  // Beside `folder`, with the mode the umask gives, as `folder` itself would have.
  const partial = makeFolder(`${folder}.partial-`);
  try {
    const targets = Object.keys(TARGETS);
    const files = targets.map((target) => join(partial, releaseName(target)));
    await buildStandalones(
      targets.map((target, i) => ({ target, output: files[i] })),
      log,
    );
    writeFileSync(join(partial, 'SHA256SUMS'), sha256Sums(files));
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
    return [...files.map((file) => basename(file)), 'SHA256SUMS'];
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

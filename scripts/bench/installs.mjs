// The ways in that `npm run bench` compares: the npm package installed globally from
// its tarball, as a user gets it, and the standalone binary as `npm run package` builds it, built
// into `work`.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../build/bundle.mjs';
import { buildStandalone } from '../package/standalone.mjs';
import { binaryName, hostTarget } from '../package/targets.mjs';
import { npm, packFromCopy } from '../package/tarball.mjs';

export async function installBoth(work, log) {
  const packing = join(work, 'pack');
  mkdirSync(packing);
  log('packing the npm package and installing it globally…');
  const { tarball } = await packFromCopy(packing);
  await npm(['install', '--global', '--prefix', join(work, 'global'), tarball], { cwd: packing, home: packing });
  log('building the standalone binary…');
  const standaloneBin = join(work, binaryName(hostTarget()));
  await buildStandalone({ output: standaloneBin, log });
  // The package's own name (scoped: @svc-cli/svc), so the path follows a rename.
  const { name } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  return { installedBin: join(work, 'global', 'lib', 'node_modules', ...name.split('/'), 'bin', 'svc.cjs'), standaloneBin };
}

// The npm package as a user gets it: packed from a copy of the sources (so `prepack` builds it),
// installed from the tarball alone (zod, its one dependency, is bundled in it), with no registry.
// Used by test/package and by `npm run bench`.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = new URL('../../', import.meta.url).pathname;

/** What `npm pack` needs from a fresh clone to build the package (node_modules is linked). */
const PACK_INPUTS = [
  'package.json',
  'package-lock.json',
  'README.md',
  'docs',
  'tsconfig.json',
  'tsconfig.declarations.json',
  'bin',
  'src',
  'registry',
  'scripts',
];

/**
 * Runs npm (the one running these scripts, else npm on PATH) under this Node, in a clean
 * environment: its home, cache and logs in `home`, no registry (`--offline`), no audit or fund,
 * no compile cache.
 */
export async function npm(args, { cwd, home }) {
  const npmCli = process.env.npm_execpath;
  const [file, argv] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const env = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    HOME: home,
    // npm and tsc keep a compile cache in the temp folder unless told not to.
    NODE_DISABLE_COMPILE_CACHE: '1',
    TMPDIR: tmpdir(),
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  return promisify(execFile)(file, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Copies the sources into `work`/repo and packs them there; resolves to the tarball's path and its
 * file list. `leftInDist` names files to put in the copy's dist/ first, as a clone's holds them
 * after `npm run package` or `npm run release`.
 */
export async function packFromCopy(work, { leftInDist = [] } = {}) {
  const copy = join(work, 'repo');
  mkdirSync(copy);
  // verbatimSymlinks: bin/svc -> svc.cjs stays a link within the copy, never one back to this clone.
  for (const input of PACK_INPUTS) cpSync(join(repoRoot, input), join(copy, input), { recursive: true, verbatimSymlinks: true });
  for (const file of leftInDist) {
    mkdirSync(dirname(join(copy, 'dist', file)), { recursive: true });
    writeFileSync(join(copy, 'dist', file), 'left by npm run package\n');
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const { stdout } = await npm(['pack', '--json', '--pack-destination', work], { cwd: copy, home: work });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  return { tarball: join(work, packed.filename), files: packed.files.map((file) => file.path) };
}

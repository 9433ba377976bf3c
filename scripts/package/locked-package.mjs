// A package the standalone build needs for a platform other than this one: Bun's runtime for a
// target (@oven/bun-darwin-aarch64, …) or the keyring's native binding for it
// (@napi-rs/keyring-darwin-arm64, …). npm installs only this machine's; the others are fetched from
// the npm registry by `npm pack`, checked against the integrity package-lock.json records for
// them, and unpacked into node_modules/.cache/svc-standalone/, so a build downloads each once.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../build/bundle.mjs';
import { makeFolder } from '../build/plain-folder.mjs';

const exec = promisify(execFile);
const requireHere = createRequire(import.meta.url);

/** Where fetched packages are kept, one folder per name and version. */
export const packageCache = join(repoRoot, 'node_modules', '.cache', 'svc-standalone');

/** The version and integrity package-lock.json pins for `name`, or undefined when it lists none. */
export function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${name}`];
  return entry?.version && entry.integrity ? { version: entry.version, integrity: entry.integrity } : undefined;
}

/** The folder of `name` as npm installed it here, or undefined when it is not installed (another platform's package). */
export function installedPackage(name) {
  try {
    return dirname(requireHere.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/**
 * The folder of `name` at the version package-lock.json pins: as installed here, else from the
 * cache, else fetched into it. Throws, naming the package, when the lock has no entry for it, the
 * registry cannot be reached or the tarball is not the one the lock records.
 */
export async function lockedPackage(name) {
  const locked = lockedVersion(name);
  if (!locked) throw new Error(`package-lock.json pins no version of ${name}`);
  const installed = installedPackage(name);
  if (installed && JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version === locked.version) return installed;
  const folder = join(packageCache, `${name.replace('/', '+')}@${locked.version}`);
  if (existsSync(join(folder, 'package', 'package.json'))) return join(folder, 'package');
  mkdirSync(packageCache, { recursive: true });
  // Unpacked beside the cache's folder and renamed into place: a build never sees half a package. A
  // plain mkdir's mode, not mkdtemp's 0700: another user's build of this clone reads it too.
  const partial = makeFolder(join(packageCache, '.partial-'));
  try {
    const tarball = await npmPack(`${name}@${locked.version}`, partial);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== locked.integrity) throw new Error(`${name}@${locked.version} from the registry is not the package package-lock.json records`);
    await exec('tar', ['-xzf', tarball, '-C', partial]);
    rmSync(tarball);
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another build put it there first: theirs is the same package.
      if (!existsSync(join(folder, 'package', 'package.json'))) throw error;
    }
    return join(folder, 'package');
  } catch (error) {
    throw new Error(`cannot fetch ${name}@${locked.version} from the npm registry: ${error.message.split('\n')[0]}`);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Runs `npm pack <spec>` into `folder` (the npm running these scripts, else npm on PATH); resolves to the tarball's path. */
async function npmPack(spec, folder) {
  const npmCli = process.env.npm_execpath;
  const [file, args] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli]] : ['npm', []];
  await exec(file, [...args, 'pack', spec, '--pack-destination', folder, '--silent', '--no-fund', '--no-audit'], {
    cwd: folder,
    maxBuffer: 16 * 1024 * 1024,
    // npm turns on Node's compile cache, which it keeps in the shared temp folder unless told not to.
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
  return join(folder, tarball);
}

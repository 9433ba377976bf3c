// The standalone svc binary (npm run package): Node's single-executable applications, i.e. the Node
// running this script with the CLI scripts (dist/cli.cjs's and dist/cli-root.cjs's builds) as assets and a small main script
// (standalone-main.cjs) that runs them through bin/run-cli.cjs, as bin/svc.cjs does, needing no Node installed.
// https://nodejs.org/api/single-executable-applications.html
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bundleCli } from '../build/bundle.mjs';

const exec = promisify(execFile);
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Why this machine cannot build the binary, or undefined when it can. */
export function standaloneUnsupportedReason() {
  if (!['linux', 'darwin', 'win32'].includes(process.platform)) return `Node has no single-executable applications on ${process.platform}`;
  if (!readFileSync(process.execPath).includes(SENTINEL_FUSE)) return `${process.execPath} was built without single-executable support`;
  return undefined;
}

/** The binary's file name on this platform. */
export const standaloneName = process.platform === 'win32' ? 'svc.exe' : 'svc';

/** Builds the binary for this platform and architecture at `output`. */
export async function buildStandalone({ output }) {
  const reason = standaloneUnsupportedReason();
  if (reason) throw new Error(`cannot build the standalone binary here: ${reason}`);
  const work = mkdtempSync(join(tmpdir(), 'svc-standalone-'));
  try {
    const main = join(work, 'main.cjs');
    const blob = join(work, 'sea-prep.blob');
    const assets = {};
    for (const { name, text } of await bundleCli({ outdir: work, write: false })) {
      assets[name] = join(work, name);
      writeFileSync(assets[name], text);
    }
    await build({
      entryPoints: [join(import.meta.dirname, 'standalone-main.cjs')],
      outfile: main,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node22',
      minify: true,
      logLevel: 'warning',
    });
    const config = { main, output: blob, assets, disableExperimentalSEAWarning: true, useCodeCache: true };
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config));
    await exec(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: work });
    rmSync(output, { force: true });
    copyFileSync(process.execPath, output);
    chmodSync(output, 0o755);
    if (process.platform === 'darwin') await exec('codesign', ['--remove-signature', output]);
    const { inject } = createRequire(import.meta.url)('postject');
    await inject(output, 'NODE_SEA_BLOB', readFileSync(blob), {
      sentinelFuse: SENTINEL_FUSE,
      ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
    });
    if (process.platform === 'darwin') await exec('codesign', ['--sign', '-', output]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

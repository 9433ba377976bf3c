// The standalone svc binary (npm run package): Node's single-executable applications, i.e. the Node
// running this script with svc inside, needing no Node installed.
// https://nodejs.org/api/single-executable-applications.html
//
// Its main script (standalone-main.cjs) runs the CLI scripts, dist/cli.cjs's and dist/cli-root.cjs's
// builds, which it carries as assets, through bin/run-cli.cjs as bin/svc.cjs does, with their code
// cache. Asked for (`snapshot: true`, `npm run package -- --snapshot`), it starts from a V8 startup
// snapshot instead (`useSnapshot`): the heap that standalone-snapshot.cjs leaves once the CLI (the
// build of src/cli/snapshot-script.ts) and its start-up modules are evaluated. That start is the
// slower one with Node 24 (docs/performance.md, measured by `npm run bench`): Node copies its
// built-ins' code cache out of a user snapshot at every start, and keeps no compiled function in
// one, so every function a call runs is compiled again. When Node cannot build the snapshot (a Node
// without it, a module that cannot be held in one), the binary is built without, saying why; under
// --debug either binary says how it started, in one line. dist/mcp.cjs's build is an asset, for `svc mcp`.
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bundleCli, bundleMcpServer, bundleSnapshotScript } from '../build/bundle.mjs';

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

/**
 * Builds the binary for this platform and architecture at `output`; resolves to whether it starts
 * from a snapshot. `log` hears why it does not, when one was asked for; `plugins` go to the
 * snapshot script's build (a test makes it fail with one).
 */
export async function buildStandalone({ output, snapshot = false, plugins = [], log = (line) => process.stderr.write(`${line}\n`) }) {
  const reason = standaloneUnsupportedReason();
  if (reason) throw new Error(`cannot build the standalone binary here: ${reason}`);
  const work = mkdtempSync(join(tmpdir(), 'svc-standalone-'));
  try {
    await bundleMcpServer({ outdir: work });
    const assets = { 'mcp.cjs': join(work, 'mcp.cjs') };
    let blob;
    let noSnapshot = 'this binary was built without one';
    if (snapshot) {
      try {
        blob = await prepareBlob(work, await snapshotMain(work, plugins), assets, true);
      } catch (error) {
        noSnapshot = `Node could not build one: ${firstLine(error)}`;
        log(`svc package: no V8 startup snapshot (${noSnapshot}); the binary loads the CLI from its code cache instead`);
      }
    }
    blob ??= await prepareBlob(work, await codeCacheMain(work, assets, noSnapshot), assets, false);
    await inject(output, blob);
    return blob.snapshot;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The snapshot builder: the CLI script, then standalone-snapshot.cjs, which evaluates it. */
async function snapshotMain(work, plugins) {
  const cli = await bundleSnapshotScript({ plugins });
  const wrapper = await bundleMain('standalone-snapshot.cjs');
  const main = join(work, 'snapshot.cjs');
  writeFileSync(main, `const svcCliScript = ${cli}\n;\n${wrapper}`);
  return main;
}

/** The main script of a binary without a snapshot; the CLI scripts become assets. */
async function codeCacheMain(work, assets, noSnapshot) {
  for (const { name, text } of await bundleCli({ outdir: work, write: false })) {
    assets[name] = join(work, name);
    writeFileSync(assets[name], text);
  }
  const main = join(work, 'main.cjs');
  writeFileSync(main, await bundleMain('standalone-main.cjs', { SVC_NO_SNAPSHOT: JSON.stringify(noSnapshot) }));
  return main;
}

/** A main script of this folder with what it requires, as one CommonJS file; `define` as esbuild's. */
async function bundleMain(name, define = {}) {
  const result = await build({
    entryPoints: [join(import.meta.dirname, name)],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    minify: true,
    define,
    logLevel: 'warning',
    write: false,
  });
  return result.outputFiles[0].text;
}

/** Node's preparation blob for the binary (`--experimental-sea-config`). */
async function prepareBlob(work, main, assets, useSnapshot) {
  const path = join(work, useSnapshot ? 'snapshot.blob' : 'main.blob');
  const config = { main, output: path, assets, disableExperimentalSEAWarning: true, ...(useSnapshot ? { useSnapshot: true } : { useCodeCache: true }) };
  const configFile = join(work, 'sea-config.json');
  writeFileSync(configFile, JSON.stringify(config));
  // A clean environment: the snapshot must not hold this shell's settings (NODE_OPTIONS, proxies, a profile).
  await exec(process.execPath, ['--experimental-sea-config', configFile], { cwd: work, env: { PATH: process.env.PATH ?? '' } });
  return { path, snapshot: useSnapshot };
}

/** Copies this Node to `output` and puts the blob in it. */
async function inject(output, blob) {
  rmSync(output, { force: true });
  copyFileSync(process.execPath, output);
  chmodSync(output, 0o755);
  if (process.platform === 'darwin') await exec('codesign', ['--remove-signature', output]);
  const { inject: postject } = createRequire(import.meta.url)('postject');
  await postject(output, 'NODE_SEA_BLOB', readFileSync(blob.path), {
    sentinelFuse: SENTINEL_FUSE,
    ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  if (process.platform === 'darwin') await exec('codesign', ['--sign', '-', output]);
}

/** Why a build failed, in one line: the error a failed snapshot build printed, or the first line of its output. */
function firstLine(error) {
  const lines = `${error.stderr ?? ''}`.split('\n').filter((line) => line.trim() !== '' && !/ExperimentalWarning|--trace-warnings/.test(line));
  return (lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0] ?? error.message).trim();
}

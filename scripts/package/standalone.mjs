// The standalone svc binary (npm run package): svc's CLI compiled by Bun into one executable that
// carries its runtime, so it needs no Node.js. `bun build --compile --bytecode` ships the code as
// JavaScriptCore bytecode: nothing is parsed at start (docs/performance.md has the figures).
//
// The program is the npm package's: dist/cli.cjs's build, its wrapper for Node's vm.Script taken
// off (unwrapCliScript), run by standalone-main.cjs; dist/mcp.cjs's build is a second entry of the
// binary, which `svc mcp` requires by its path as it does beside dist/cli.cjs. What differs between
// the runtimes stays at this edge: how the script starts (standalone-main.cjs, against bin/svc.cjs
// and bin/run-cli.cjs) and how the keyring's native binding loads (standalone-addon.cjs).
//
// Any target builds on any machine: Bun's runtime for the target and the keyring's binding for it
// come from the npm registry at the versions package-lock.json pins (locked-package.mjs), and Bun
// is told where the runtime is, so it downloads nothing itself.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { bundleAreasAdd, bundleCli, bundleMcpServer, repoRoot, unwrapCliScript } from '../build/bundle.mjs';
import { installedPackage, lockedPackage } from './locked-package.mjs';
import { signAdHoc } from './macho-sign.mjs';
import { hostRuntimePackage, hostTarget, targetNamed } from './targets.mjs';

const exec = promisify(execFile);

/**
 * The order in which a GET runs svc's bytecode, written by a run of the binary (bytecode-order.mjs
 * makes it again). Bun lays the bytecode out in that order, so a call maps fewer of its pages; an
 * order from an older build matches fewer functions and leaves the rest as Bun lays them out.
 */
export const BYTECODE_ORDER = join(import.meta.dirname, 'bytecode-order.txt');

/** Bun's executable on this machine, as npm installed it, or undefined. */
export function hostBun() {
  const runtime = hostRuntimePackage();
  const installed = runtime && installedPackage(runtime);
  const exe = process.platform === 'win32' ? 'bun.exe' : 'bun';
  // npm leaves it in its platform package (package.json's allowScripts keeps bun's postinstall from
  // running); an npm that runs every install script has moved it to bun's own bin/.
  const candidates = [installed && join(installed, 'bin', exe), join(repoRoot, 'node_modules', 'bun', 'bin', 'bun.exe')];
  return candidates.find((path) => path && existsSync(path) && statSync(path).size > 1024 * 1024);
}

/** Why this machine cannot build the binary for `target`, or undefined when it can. */
export function standaloneUnsupportedReason(target = hostTarget()) {
  if (!hostRuntimePackage()) return `Bun has no runtime for ${process.platform} on ${process.arch}`;
  if (!hostBun()) return `Bun's runtime for this machine (${hostRuntimePackage()}) is not installed: run npm ci`;
  if (target === undefined) return 'this machine is none of the targets: name one with --target';
  return undefined;
}

/**
 * Builds the binary for `target` (this machine's by default) at `output`. Resolves to whether it
 * carries the keyring's binding; `log` hears why not. `plugins` go to esbuild, as for bundleCli (the
 * tests build svc from a registry of their own).
 */
export async function buildStandalone({
  output,
  target = hostTarget(),
  log = (line) => process.stderr.write(`${line}\n`),
  plugins = [],
  bytecodeOrder = BYTECODE_ORDER,
}) {
  const [keyring] = await buildStandalones([{ target, output }], log, plugins, bytecodeOrder);
  return keyring;
}

/**
 * Builds the binary for each `{ target, output }`, one after the other, from one bundle of the
 * program; resolves to whether each carries the keyring's binding.
 */
export async function buildStandalones(builds, log = (line) => process.stderr.write(`${line}\n`), plugins = [], bytecodeOrder = BYTECODE_ORDER) {
  for (const { target } of builds) {
    const reason = standaloneUnsupportedReason(target);
    if (reason) throw new Error(`cannot build the standalone binary here: ${reason}`);
    targetNamed(target);
  }
  const work = mkdtempSync(join(tmpdir(), 'svc-standalone-'));
  try {
    await stageProgram(work, plugins);
    const carried = [];
    for (const { target, output } of builds) {
      const platform = targetNamed(target);
      const [runtime, keyring] = await Promise.all([targetRuntime(platform), keyringBinding(platform, log)]);
      stageKeyring(work, keyring);
      await compile(work, platform, runtime, output, bytecodeOrder);
      carried.push(keyring !== undefined);
    }
    return carried;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Bun's runtime for the target: this machine's when they are the same, else the locked package's. */
async function targetRuntime(platform) {
  if (platform.runtime === hostRuntimePackage()) return hostBun();
  return join(await lockedPackage(platform.runtime), 'bin', platform.os === 'win32' ? 'bun.exe' : 'bun');
}

/** The keyring's native binding for the target, or undefined when svc was installed without its optional dependencies. */
async function keyringBinding(platform, log) {
  if (!installedPackage('@napi-rs/keyring')) {
    log('svc package: @napi-rs/keyring is not installed (npm ci installs it), so the binary has no keyring: it stores tokens in its settings file, saying so');
    return undefined;
  }
  return join(await lockedPackage(`@napi-rs/keyring-${platform.keyring}`), `keyring.${platform.keyring}.node`);
}

/** The folder Bun compiles: the entry, the CLI script as a module, the MCP server's script and `svc areas add`'s. */
async function stageProgram(work, plugins) {
  const scripts = await bundleCli({ outdir: work, write: false, plugins });
  writeFileSync(join(work, 'cli.cjs'), unwrapCliScript(scripts.find(({ name }) => name === 'cli.cjs').text));
  await Promise.all([bundleMcpServer({ outdir: work, plugins }), bundleAreasAdd({ outdir: work, plugins })]);
  copyFileSync(join(import.meta.dirname, 'standalone-main.cjs'), join(work, 'main.cjs'));
  copyFileSync(join(import.meta.dirname, 'standalone-engine.cjs'), join(work, 'standalone-engine.cjs'));
}

/**
 * What the program's require('@napi-rs/keyring') finds in `work`: the target's binding, loaded by
 * standalone-addon.cjs, or, without one, a module that fails to load, as a missing optional
 * dependency does.
 */
function stageKeyring(work, keyring) {
  const binding = join(work, 'node_modules', '@napi-rs', 'keyring');
  rmSync(binding, { recursive: true, force: true });
  mkdirSync(binding, { recursive: true });
  if (!keyring) return writeFileSync(join(binding, 'index.js'), "throw Object.assign(new Error('no keyring binding'), { code: 'MODULE_NOT_FOUND' });\n");
  copyFileSync(keyring, join(binding, 'keyring.node'));
  // Embedded as a file, not as an addon Bun would load itself (standalone-addon.cjs says why).
  writeFileSync(join(binding, 'file.mjs'), "import file from './keyring.node' with { type: 'file' };\nexport default file;\n");
  writeFileSync(
    join(binding, 'index.js'),
    `module.exports = require(${JSON.stringify(join(import.meta.dirname, 'standalone-addon.cjs'))}).loadEmbeddedAddon(require('./file.mjs').default);\n`,
  );
}

/** Runs `bun build --compile` in `work`; the binary appears at `output` whole, or not at all. */
async function compile(work, platform, runtime, output, bytecodeOrder) {
  mkdirSync(dirname(output), { recursive: true });
  const partial = join(work, `out${platform.os === 'win32' ? '.exe' : ''}`);
  const args = ['build', '--compile', '--bytecode', '--minify', `--target=${platform.bun}`, `--compile-executable-path=${runtime}`];
  // JIT thresholds raised for a short run; standalone-main.cjs restores them for a long one.
  args.push('--compile-jit-policy=20');
  // The bytecode laid out in the order a GET runs it, so a call maps fewer of its pages (bytecode-order.mjs).
  if (bytecodeOrder && existsSync(bytecodeOrder)) args.push(`--bytecode-order=${bytecodeOrder}`);
  // A compiled program would otherwise read .env and bunfig.toml from the folder it runs in.
  args.push('--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig');
  // Bun writes the build folder's path where a module reads __dirname; svc's reads it for mcp.cjs's
  // and areas-add.cjs's paths, which in the binary are beside the entry, in the binary's own file system.
  args.push('--define', '__dirname=require.main.path', '--outfile', partial, 'main.cjs', 'mcp.cjs', 'areas-add.cjs');
  // A clean environment: no bunfig or cache from this user's home, nothing written outside `work`.
  const env = { PATH: process.env.PATH ?? '', HOME: work, TMPDIR: work, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', NO_COLOR: '1' };
  if (process.env.SystemRoot) env.SystemRoot = process.env.SystemRoot;
  await exec(hostBun(), args, { cwd: work, env, maxBuffer: 16 * 1024 * 1024 }).catch((error) => {
    throw new Error(`bun build failed: ${`${error.stderr || error.message}`.trim()}`);
  });
  // Bun signs a darwin-arm64 binary ad hoc, and leaves a darwin-x64 one with a signature that does not match it.
  if (platform.os === 'darwin') signAdHoc(partial, 'svc');
  // Across file systems (temp folder, dist/) a rename fails: copy beside the output, then rename.
  const beside = `${output}.partial-${process.pid}`;
  try {
    copyFileSync(partial, beside);
    renameSync(beside, output);
  } finally {
    rmSync(beside, { force: true });
  }
}

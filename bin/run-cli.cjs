// Runs dist/cli.cjs, the whole CLI in one script, with V8's code cache for it (issue #16); or,
// for a run that names no command, dist/cli-root.cjs, the root command alone.
//
// Node's own compile cache (module.enableCompileCache) stores the code V8 made when it compiled
// a file, before it ran: the top level only. Every function a command then runs (commander, zod,
// undici, svc's own) is parsed and compiled again at every start, ~35 ms of CPU for one API call.
// Here the script is compiled with vm.Script, and the cache is taken after the command ran
// (script.createCachedData()), so it holds those functions too. One cache per top-level command
// word, and one for none (`--version`, `--help`): each holds what that kind of run compiled.
// Where it lives, who may write it and how it is checked: bin/code-cache.cjs.
//
// CommonJS, so built-ins come by require(): an ES import of node:fs builds its facade, which reads
// every property, fs.promises included, and that loads readline and the REPL history (~2 ms).
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { cacheFile, readCache, writeCache } = require('./code-cache.cjs');

const DIST = join(__dirname, '..', 'dist');

/** Runs the CLI with `argv`; resolves to the exit code. */
function runCli(argv) {
  return runScripts(argv, (name) => {
    const filename = join(DIST, name);
    // latin1: the build keeps the scripts ASCII, and a one-byte string needs no UTF-8 decoding and half the memory.
    return { source: readFileSync(filename, 'latin1'), filename };
  });
}

/**
 * Runs `argv` with the CLI's scripts (scripts/build/bundle.mjs), each `{ source, filename }` as
 * `load(name)` gives it; the standalone binary passes its assets. A run whose first argument is no
 * command word (`--help`, `--version`, nothing) goes to cli-root.cjs, the root command alone: 5% of
 * the whole, so less to read and a smaller cache. When argv names a command after all
 * (`--profile work email …`) that script does nothing, and cli.cjs, the whole CLI, runs it.
 */
async function runScripts(argv, load) {
  const kind = commandKind(argv);
  const code = kind === '' ? await runScript(argv, load('cli-root.cjs'), kind) : undefined;
  return code ?? runScript(argv, load('cli.cjs'), kind);
}

/** Runs one script's `main(argv)` with its code cache; resolves to the exit code, or undefined when main declined. */
async function runScript(argv, { source, filename }, kind) {
  const file = cacheFile(source, kind);
  const cachedData = file && readCache(file);
  const script = new Script(source, { filename, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, dirname(filename));
  const running = module.exports.main(argv);
  if (running === undefined) return undefined;
  const code = await running;
  const known = kind === '' || module.exports.commandWords.includes(kind);
  if (file && known && (!cachedData || script.cachedDataRejected)) writeCache(file, () => script.createCachedData());
  return code;
}

/** The first argument when it can be a command word, else '' (options only, or nothing). */
function commandKind(argv) {
  const word = argv[0];
  return word !== undefined && /^[a-z][a-z0-9-]{0,39}$/.test(word) ? word : '';
}

module.exports = { runCli, runScripts };

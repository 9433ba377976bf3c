// `npm test`: builds dist/, then the standalone binary dist/svc (npm run package), while tsc
// type-checks and prettier checks the formatting, side by side (they read only the sources), then
// runs vitest, which needs both builds for the tests of real svc processes (test/support/builds.ts).
// Each check's output is printed whole when it ends; the first that fails ends the run with its
// exit code. Arguments go to vitest (`npm test -- test/commands`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { standaloneUnsupportedReason } from './package/standalone.mjs';

const require = createRequire(import.meta.url);
// Where Bun builds no binary for this machine, the tests of the standalone binary say so when skipped.
const standalone = standaloneUnsupportedReason() === undefined;
// Each check is steps run one after another (the package goes into the dist/ the build wrote); the checks run side by side.
const checks = [
  [['build', [process.execPath, 'scripts/build.mjs']], ...(standalone ? [['package', [process.execPath, 'scripts/package.mjs']]] : [])],
  [['typecheck', [process.execPath, require.resolve('typescript/bin/tsc'), '--noEmit']]],
  [['format', [process.execPath, require.resolve('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', ...formatGlobs()]]],
];

/** The files `npm run format:check` checks, read from package.json so the two never differ. */
function formatGlobs() {
  const script = require('../package.json').scripts['format:check'];
  return [...script.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

/** Runs a check's steps in turn, up to the first that fails; resolves to the last step's result, with every step's output. */
async function runSteps(steps) {
  let result;
  let output = '';
  for (const [name, command] of steps) {
    result = await run(name, command);
    output += result.output;
    if (result.code !== 0) break;
  }
  return { ...result, output };
}

function run(name, [file, ...args]) {
  return new Promise((resolve) => {
    // tsc turns on Node's compile cache, which Node keeps in the temp folder (node-compile-cache): npm test leaves nothing there.
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ name, code: code ?? 1, signal, output }));
  });
}

const started = performance.now();
const results = await Promise.all(checks.map(runSteps));
for (const { name, code, output } of results) {
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) console.error(`npm test: ${name} failed (exit ${code})`);
}
const failed = results.find((result) => result.code !== 0);
if (failed) process.exit(failed.code);
console.log(`npm test: build, ${standalone ? 'package, ' : ''}typecheck and format passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The binary the package check wrote: the tests run it instead of building their own (test/support/standalone-binary.ts).
const env = standalone ? { ...process.env, SVC_TEST_STANDALONE: join(import.meta.dirname, '..', 'dist', 'svc') } : process.env;
const vitest = spawn(process.execPath, [join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
// Ctrl-C reaches vitest through the terminal's process group; a SIGTERM or SIGHUP sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => vitest.kill(signal));
vitest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

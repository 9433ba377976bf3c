// `npm test`: builds dist/ while tsc type-checks and prettier checks the formatting, side by side
// (they read only the sources), then runs vitest, which needs dist/ for the tests of real svc
// processes. Each check's output is printed whole when it ends; the first that fails ends the run
// with its exit code. Arguments go to vitest (`npm test -- test/commands`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const checks = [
  ['build', [process.execPath, 'scripts/build.mjs']],
  ['typecheck', [process.execPath, require.resolve('typescript/bin/tsc'), '--noEmit']],
  ['format', [process.execPath, require.resolve('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', ...formatGlobs()]],
];

/** The files `npm run format:check` checks, read from package.json so the two never differ. */
function formatGlobs() {
  const script = require('../package.json').scripts['format:check'];
  return [...script.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

function run(name, [file, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ name, code: code ?? 1, signal, output }));
  });
}

const started = performance.now();
const results = await Promise.all(checks.map(([name, command]) => run(name, command)));
for (const { name, code, output } of results) {
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) console.error(`npm test: ${name} failed (exit ${code})`);
}
const failed = results.find((result) => result.code !== 0);
if (failed) process.exit(failed.code);
console.log(`npm test: build, typecheck and format passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const vitest = spawn(process.execPath, [join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Ctrl-C reaches vitest through the terminal's process group; a SIGTERM or SIGHUP sent to this process alone is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => vitest.kill(signal));
vitest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

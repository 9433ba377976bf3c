// The whole proof for one description: import it into a throwaway registry (nothing else but the
// imported areas), build svc from it (esbuild compiles every generated file), then for each of its
// operations (or a fixed sample) check that `svc <words> --help` renders and that
// `svc <words> <least input> --dry-run` prints a request the independent validator accepts.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { commandLine } from './command-line.mjs';
import { buildRegistryVariant, makeThrowawayRegistry } from './registry-variant.mjs';
import { createRequestValidator } from './request-validator.mjs';
import { runCommands, spawnEach } from './run-commands.mjs';

export const BASE_URL = 'http://127.0.0.1:9/v1';

const seconds = (since) => Math.round((performance.now() - since) / 100) / 10;

/** Runs `npm run registry:import` (its script) into `registryFolder`; resolves to its report (the --report JSON). */
function runImport({ repoRoot, description, registryFolder, reportFile, rename }) {
  const args = [join(repoRoot, 'scripts', 'registry-import.mjs'), description, '--out', registryFolder, '--report', reportFile];
  if (rename) args.push('--rename', rename);
  return new Promise((done, fail) => {
    execFile(process.execPath, args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`the import failed (exit ${error.code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
      else done(JSON.parse(readFileSync(reportFile, 'utf8')));
    });
  });
}

/**
 * Type-checks the throwaway registry under `work` (imported files and the copied registry) with the
 * project's tsc and compiler settings; node_modules is linked in so zod's types resolve. Resolves to
 * tsc's exit code and output.
 */
export function typecheckRegistry({ repoRoot, work }) {
  symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'), 'dir');
  writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
  const { compilerOptions } = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));
  const options = { ...compilerOptions, noEmit: true, declaration: false, types: [], rootDir: '.' };
  writeFileSync(join(work, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: options, include: ['registry'] }, null, 2)}\n`);
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  return new Promise((done) => {
    execFile(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { cwd: work, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      done({ code: error ? (error.code ?? 1) : 0, output: stdout }),
    );
  });
}

/** The environment of every svc run: nothing of the user's settings, nothing sent (dry runs only). */
export function checkEnvironment(work) {
  for (const name of ['config', 'cache']) mkdirSync(join(work, name), { recursive: true });
  return {
    PATH: process.env.PATH ?? '',
    HOME: work,
    SVC_CONFIG_DIR: join(work, 'config'),
    XDG_CACHE_HOME: join(work, 'cache'),
    SERVICE_BASE_URL: BASE_URL,
    NO_COLOR: '1',
  };
}

/** `METHOD /path/{}/…`: a route whatever its parameters are called. */
const routeKey = (method, path) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

/** The command words of each registry operation by route, from `svc ops --output json` of the built CLI. */
async function commandWordsByRoute(cliFolder, env) {
  const [ops] = await runCommands({ cliFolder, commands: [['ops', '--output', 'json']], env, hosts: 1 });
  if (ops.code !== 0) throw new Error(`svc ops failed (exit ${ops.code}): ${ops.stderr.trim()}`);
  const entries = JSON.parse(ops.stdout).map((op) => [
    routeKey(op.method, op.path),
    op.command
      .split(' ')
      .slice(1)
      .filter((word) => !/^[<[]/.test(word)),
  ]);
  return new Map(entries);
}

/** GitHub's REST description in @octokit/openapi: the bundled 3.0 file ($refs kept), not the dereferenced one. */
export const githubDescription = () => createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

/** GitHub's areas whose names svc already uses: `credentials` is a help topic (svc help credentials). */
export const GITHUB_RENAME = 'credentials=github-credentials';

/**
 * `description` imported into a throwaway registry under `work` (only the imported areas), and svc
 * built from it: the import's report, the seconds each step took, the built CLI's folder and bin.
 * `rename` is the importer's --rename, for areas whose names svc already uses.
 */
export async function importedVariant({ repoRoot, description, work, rename }) {
  const timings = {};
  let since = performance.now();
  const registryFolder = makeThrowawayRegistry({ repoRoot, folder: join(work, 'registry'), handWritten: false, importedBefore: false });
  const report = await runImport({ repoRoot, description, registryFolder, reportFile: join(work, 'report.json'), rename });
  timings.import = seconds(since);
  since = performance.now();
  const cliFolder = join(work, 'cli');
  const bin = await buildRegistryVariant({ repoRoot, registryFolder, folder: cliFolder });
  timings.build = seconds(since);
  return { report, timings, cliFolder, bin };
}

/**
 * Every step, timed; `sample` (a number n) checks every n-th operation only, in the description's
 * order; `spawnSample` lines also run through the real bin, whose answers must equal the hosts';
 * `everyParameter` adds a dry run with every optional query and header parameter given.
 */
export async function checkImport({ repoRoot, description, work, rename, sample = 1, spawnSample = 3, hosts = 2, everyParameter = false }) {
  const { report, timings, cliFolder, bin } = await importedVariant({ repoRoot, description, work, rename });
  let since = performance.now();
  const text = readFileSync(description, 'utf8');
  const document = JSON.parse(text);
  const validator = createRequestValidator(text);
  timings.validator = seconds(since);
  since = performance.now();
  const env = checkEnvironment(work);
  const words = await commandWordsByRoute(cliFolder, env);
  const failures = [];
  const checked = validator.operations.filter((_, index) => index % sample === 0);
  const lines = [];
  for (const op of checked) {
    const opWords = words.get(routeKey(op.method, op.path));
    if (!opWords) failures.push({ id: op.id, check: 'imported', detail: `${op.method} ${op.path} is no command of the built svc` });
    else lines.push({ op, words: opWords, help: [...opWords, '--help'], dryRun: [...commandLine(document, op, opWords), '--dry-run'] });
  }
  const results = await runCommands({ cliFolder, commands: lines.flatMap((line) => [line.help, line.dryRun]), env, hosts });
  let helpPassed = 0;
  let dryRunPassed = 0;
  lines.forEach((line, i) => {
    const help = helpFailure(line.help, results[2 * i]);
    const dryRun = dryRunFailure(validator, line.op, results[2 * i + 1]);
    if (help) failures.push({ id: line.op.id, check: 'help', detail: help });
    else helpPassed++;
    if (dryRun) failures.push({ id: line.op.id, check: 'dry-run', detail: `${dryRun} (svc ${line.dryRun.join(' ')})` });
    else dryRunPassed++;
  });
  const every = everyParameter ? await checkEveryParameter({ document, validator, cliFolder, env, hosts, lines, failures }) : undefined;
  timings.run = seconds(since);
  const spawned = await compareSpawned({ bin, env, lines: lines.slice(0, spawnSample), results });
  return {
    report,
    timings,
    described: validator.operations.length,
    checked: checked.length,
    helpPassed,
    dryRunPassed,
    everyParameter: every,
    failures,
    spawned,
    cliFolder,
    bin,
  };
}

/** A second dry run of each operation that has optional query or header parameters, every one of them given: `{ checked, passed }`. */
async function checkEveryParameter({ document, validator, cliFolder, env, hosts, lines, failures }) {
  const optional = lines.filter(({ op }) => op.params.some((param) => !param.required && (param.in === 'query' || param.in === 'header')));
  const commands = optional.map(({ op, words }) => [...commandLine(document, op, words, { everyParameter: true }), '--dry-run']);
  const results = await runCommands({ cliFolder, commands, env, hosts });
  let passed = 0;
  optional.forEach(({ op }, i) => {
    const failure = dryRunFailure(validator, op, results[i]);
    if (failure) failures.push({ id: op.id, check: 'dry-run, every parameter', detail: `${failure} (svc ${commands[i].join(' ')})` });
    else passed++;
  });
  return { checked: optional.length, passed };
}

function helpFailure(argv, result) {
  const words = argv.slice(0, -1).join(' ');
  if (result.code !== 0) return `exit ${result.code}: ${result.stderr.trim().split('\n')[0]}`;
  // A long command line wraps, between the words too: compared with its spaces collapsed.
  const usage = result.stdout.slice(0, 400).replace(/\s+/g, ' ');
  if (!usage.startsWith(`Usage: svc ${words} `)) return `the help does not start with "Usage: svc ${words}": ${JSON.stringify(result.stdout.slice(0, 80))}`;
  return undefined;
}

function dryRunFailure(validator, op, result) {
  if (result.code !== 0) return `exit ${result.code}: ${result.stderr.trim().split('\n')[0]}`;
  const verdict = validator.check(result.stdout, { baseUrl: BASE_URL });
  if (verdict.operationId !== op.id) return `the request is ${verdict.operationId ? `${verdict.operationId}'s` : 'no operation'}: ${verdict.errors.join('; ')}`;
  return verdict.errors.length > 0 ? verdict.errors.join('; ') : undefined;
}

/** The first lines run again through the real bin: each answer must equal the host's. */
async function compareSpawned({ bin, env, lines, results }) {
  const commands = lines.flatMap((line) => [line.help, line.dryRun]);
  const spawned = await spawnEach({ bin, commands, env });
  const differing = commands.filter(
    (_, i) => spawned[i].code !== results[i].code || spawned[i].stdout !== results[i].stdout || spawned[i].stderr !== results[i].stderr,
  );
  return { count: commands.length, differing };
}

// The standalone binary the tests run (test/support/builds.ts), built once per test run, not per
// file: `npm test` packages it beside the build, while tsc and prettier run (scripts/test.mjs), and
// names it in SVC_TEST_STANDALONE; a run of vitest alone has the first file that needs it build it
// into the run's folder (test/support/run-folder.ts), the other workers waiting for that one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildStandalone } from '../../scripts/package/standalone.mjs';

/** Where the binary is, or will be once ensureStandalone() has resolved: known before it is built, so tests can name it as they are declared. */
export function standaloneBinary(): string {
  return process.env.SVC_TEST_STANDALONE || join(runFolder('SVC_TEST_STANDALONE_HOME'), 'svc');
}

/** A guard against a hang only: Bun compiles the binary in about 10 s, a minute on a loaded machine. */
const BUILD_WAIT_MS = 540_000;

let ready: Promise<void> | undefined;

/** Makes sure the binary exists, building it once for the whole run. */
export function ensureStandalone(): Promise<void> {
  return (ready ??= findOrBuild());
}

async function findOrBuild(): Promise<void> {
  const file = standaloneBinary();
  if (process.env.SVC_TEST_STANDALONE) {
    if (!existsSync(file)) throw new Error(`SVC_TEST_STANDALONE names ${file}, which does not exist`);
    return;
  }
  const home = runFolder('SVC_TEST_STANDALONE_HOME');
  const failed = join(home, 'failed');
  try {
    mkdirSync(join(home, 'building'));
  } catch {
    // Another worker builds it: the file appears whole (buildStandalone renames it into place), or the reason it failed.
    for (const started = Date.now(); Date.now() - started < BUILD_WAIT_MS; await sleep(100)) {
      if (existsSync(file)) return;
      if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    }
    throw new Error(`the standalone binary was not built within ${BUILD_WAIT_MS / 1000} s`);
  }
  try {
    await buildStandalone({ output: file, log: () => {} });
  } catch (error) {
    writeFileSync(failed, `the standalone binary could not be built: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * A PATH on which no `node` (nor bun) can be found, for the standalone binary and the shells that run
 * it: a folder of links to every other program on the tests' PATH (test/support/run-folder.ts).
 */
export const noNodePath = (): string => runFolder('SVC_TEST_NO_NODE_PATH');

function runFolder(name: string): string {
  const folder = process.env[name];
  if (!folder) throw new Error(`${name} is not set: vitest's global setup (test/support/run-folder.ts) sets it`);
  return folder;
}

// vitest globalSetup: every test run gets a temp folder of its own and must leave it empty.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkProgramsButNode } from './no-node-path.js';

/**
 * Points TMPDIR at a folder made for this run, which the workers and what they spawn inherit,
 * and removes it at the end. Whatever a test left in it fails the run, named: a test
 * never leaves anything in the temp folder. Beside it, and gone with it: the compile cache that
 * every spawned svc shares (SVC_TEST_CACHE_HOME), the folder the standalone binary is built into
 * when `npm test` did not build it (SVC_TEST_STANDALONE_HOME: test/support/standalone-binary.ts),
 * and the PATH with no Node.js on it that the standalone binary runs with (SVC_TEST_NO_NODE_PATH).
 */
export default function setup(): () => void {
  const run = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  const temp = join(run, 'tmp');
  mkdirSync(temp);
  const standalone = join(run, 'standalone');
  mkdirSync(standalone);
  const noNode = join(run, 'no-node-path');
  linkProgramsButNode(process.env.PATH ?? '', noNode);
  Object.assign(process.env, { TMPDIR: temp, SVC_TEST_CACHE_HOME: join(run, 'cache'), SVC_TEST_STANDALONE_HOME: standalone, SVC_TEST_NO_NODE_PATH: noNode });
  return () => {
    const left = readdirSync(temp);
    rmSync(run, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`tests left ${left.length} entries in the temp folder: ${left.sort().join(', ')}`);
  };
}

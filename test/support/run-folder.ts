// vitest globalSetup: every test run gets a temp folder of its own and must leave it empty.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Points TMPDIR at a folder made for this run, which the workers and what they spawn inherit,
 * and removes it at the end. Whatever a test left in it fails the run, named: a test
 * never leaves anything in the temp folder. The compile cache that every spawned svc
 * shares lives beside it, in SVC_TEST_CACHE_HOME, and goes too.
 */
export default function setup(): () => void {
  const run = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  const temp = join(run, 'tmp');
  mkdirSync(temp);
  Object.assign(process.env, { TMPDIR: temp, SVC_TEST_CACHE_HOME: join(run, 'cache') });
  return () => {
    const left = readdirSync(temp);
    rmSync(run, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`tests left ${left.length} entries in the temp folder: ${left.sort().join(', ')}`);
  };
}

// The two builds of svc that the tests of real processes run, each test once per build and named by
// it: the npm package's (bin/svc.cjs on the Node.js that runs the tests) and the standalone binary
// (dist/svc, compiled by Bun: scripts/package/standalone.mjs), run with no Node.js on its PATH.
// `eachBuild(body)` declares a file's tests once for each; a test that is about one build alone
// (V8's code cache and coverage, the Node.js version check) says so in its name, never by a silent skip.
import { dirname, join } from 'node:path';
import { beforeAll, describe } from 'vitest';
import { standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { ensureStandalone, noNodePath, standaloneBinary } from './standalone-binary.js';

/** The npm build's command, bin/svc (a link to bin/svc.cjs), run on the built dist/. */
export const SVC_BIN = join(import.meta.dirname, '..', '..', 'bin', 'svc');

export interface SvcBuild {
  readonly name: 'npm build' | 'standalone binary';
  readonly standalone: boolean;
  /** The program and the words before svc's own arguments: [node, bin/svc.cjs], or [dist/svc]. */
  readonly command: readonly [string, ...string[]];
  /** PATH for svc and for a shell that runs it: the tests' own for the npm build; for the standalone, one where no `node` can be found. */
  readonly path: string;
}

/**
 * The PATH a shell that runs svc on a terminal gets: the folder of the Node.js that runs the tests
 * and the system's for the npm build; for the standalone binary, the tests' PATH with no node on it.
 */
export const shellPath = (build: SvcBuild): string => (build.standalone ? build.path : `${dirname(process.execPath)}:/usr/bin:/bin`);

/** The command as a shell word list, each quoted (`"$node" "$bin"`), for a command line typed on a terminal or run by sh. */
export const shellCommand = (build: SvcBuild): string => build.command.map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');

export const NPM_BUILD: SvcBuild = { name: 'npm build', standalone: false, command: [process.execPath, SVC_BIN], path: process.env.PATH ?? '' };

/** Its file exists once the standalone's describe has started (eachBuild's beforeAll). */
export const STANDALONE_BUILD: SvcBuild = {
  name: 'standalone binary',
  standalone: true,
  get command(): [string] {
    return [standaloneBinary()];
  },
  get path(): string {
    return noNodePath();
  },
};

/** Why this machine runs no standalone binary (Bun builds none for it), or undefined. */
export const standaloneUnavailable: string | undefined = standaloneUnsupportedReason();

/**
 * Declares `body`'s tests once per build, in a describe named by the build. The standalone's is
 * skipped, saying why, only where Bun cannot build for this machine (never on CI's linux-x64).
 */
export function eachBuild(body: (build: SvcBuild) => void): void {
  describe('npm build', () => body(NPM_BUILD));
  describeStandalone('standalone binary', () => body(STANDALONE_BUILD));
}

/** A describe of tests of the standalone binary alone, which makes sure it exists first. */
export function describeStandalone(title: string, body: () => void): void {
  describe.skipIf(standaloneUnavailable !== undefined)(standaloneUnavailable ? `${title} (skipped: ${standaloneUnavailable})` : title, () => {
    beforeAll(() => ensureStandalone(), 600_000);
    body();
  });
}

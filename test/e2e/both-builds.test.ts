import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every test of a real svc process runs against both builds (test/support/builds.ts), or says in its
// name which build it is about: a new file that spawns svc the old way, on the npm build alone and
// silently, fails here, named.
const root = join(import.meta.dirname, '..', '..');
const SPAWNS = /\b(?:SVC_BIN|startSvcProcess|runSvcProcess|startMockProcess|startMcpHttp|useRegistryVariant|runAndTrace)\b/;
const BOTH = /\beachBuild\(|\bdescribeStandalone\(/;
const NAMED = /describe(?:\.skipIf\([^)]*\))?\(\s*(?:"[^"]*\bnpm build\b[^"]*"|'[^']*\bnpm build\b[^']*'|`[^`]*\bnpm build\b[^`]*`)/;

/** Files whose process is not a build's run: packing and installing, and the script a test lints. */
const ELSEWHERE: Record<string, string> = {
  'test/package/npm-package.test.ts': 'packs, installs and runs the npm package itself',
  'test/package/standalone.test.ts': 'builds and runs the standalone binary itself',
  'test/build/mutation-floor.test.ts': 'names the functions, it spawns nothing',
  'test/e2e/shells/completion-shellcheck.test.ts': 'lints the bash script, whose bytes both builds print alike (completion.test.ts checks)',
};

describe('the tests of real processes', () => {
  it('run against both builds, or name the one build they are about', () => {
    const files = (readdirSync(join(root, 'test'), { recursive: true }) as string[])
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `test/${name}`)
      .filter((file) => file !== 'test/e2e/both-builds.test.ts' && !Object.hasOwn(ELSEWHERE, file));
    const silent = files.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return SPAWNS.test(text) && !BOTH.test(text) && !NAMED.test(text);
    });
    expect(silent).toEqual([]);
    for (const file of Object.keys(ELSEWHERE)) expect(SPAWNS.test(readFileSync(join(root, file), 'utf8')), file).toBe(true);
  });
});

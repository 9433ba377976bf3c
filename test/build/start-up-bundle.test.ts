import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleCli } from '../../scripts/build/bundle.mjs';
import { runAndTrace } from '../support/ran-sources.js';

// The CLI is one script that bin/svc.cjs compiles with a V8 code cache (issue #16); its parts run on
// first use. `npm run bench` measures the time; these name the culprit when start-up grows.
describe('the CLI is one script', () => {
  it('dist/ holds one script for the CLI (a call reads one file, not ~35 ES chunks)', () => {
    const scripts = readdirSync(join(import.meta.dirname, '..', '..', 'dist')).filter((name) => /\.(c|m)?js$/.test(name));
    expect(scripts.sort()).toEqual(['cli.cjs', 'index.js']);
  });

  it('its last line names the build by a hash of its text, so a cache made for other code is never used', async () => {
    const first = await bundleCli({ outdir: 'dist', write: false });
    const again = await bundleCli({ outdir: 'dist', write: false });
    expect(first.scriptText.endsWith(`//# svc-build=${first.buildId}\n`)).toBe(true);
    expect(first.buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(again.buildId).toBe(first.buildId);
    const changed = await bundleCli({ outdir: 'dist', write: false, plugins: [{ name: 'other-version', setup: (b) => void (b.initialOptions.define = { ...b.initialOptions.define, __SVC_VERSION__: '"9.9.9"' }) }] });
    expect(changed.buildId).not.toBe(first.buildId);
  });
});

describe('start-up runs only what every command needs', () => {
  const HEAVY = /^node_modules\/(zod|undici|chalk|conf|ajv|msw|env-paths|yaml|@jmespath-community)\//;
  // The call path and every operation: registry/areas.ts names the areas, registry/api.ts the API version.
  const CALL_PATH = /^registry\/(?!areas|api)|^src\/(cli\/execute|cli\/terminal|client\/(undici|call|exchange|retry)|config\/config-file|output\/(?!color|formats|json\.ts|terminal-safe)|input\/operation-input)/;

  for (const args of [['--version'], ['--help']]) {
    it(`${args.join(' ')}: no schema library, HTTP client, colours, config writer or mock, and no operation`, async () => {
      const { sources } = await runAndTrace(args);
      expect(sources.has('src/cli/main.ts')).toBe(true);
      expect([...sources].filter((source) => HEAVY.test(source))).toEqual([]);
      expect([...sources].filter((source) => CALL_PATH.test(source))).toEqual([]);
    });
  }
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleCli, type CliScript } from '../../scripts/build/bundle.mjs';
import { runAndTrace } from '../support/ran-sources.js';

const HEAVY = /^node_modules\/(zod|undici|chalk|conf|ajv|msw|env-paths|yaml|@jmespath-community)\//;
// The call path and every operation: registry/areas.ts names the areas, registry/api.ts the API version.
const CALL_PATH =
  /^registry\/(?!areas|api|imported\/index\.ts)|^src\/(cli\/execute|cli\/terminal|core\/(run-operation|failure|presenter|debug-trace)|client\/(undici|call|exchange|retry)|config\/config-file|output\/(?!color|formats|json\.ts|terminal-safe)|input\/operation-input)/;

const named = (scripts: CliScript[], name: CliScript['name']): CliScript => scripts.find((script) => script.name === name)!;

// The CLI is one script that bin/run-cli.cjs compiles with a V8 code cache, and beside it
// the root command alone for runs that name no command; their parts run on first use.
// `npm run bench` measures the time; these name the culprit when start-up grows.
describe('the CLI is one script, and the root command alone another', () => {
  it("dist/ holds the CLI scripts, the MCP server's and svc areas add's scripts, and the library (a call reads one file, not ~35 ES chunks)", () => {
    const scripts = readdirSync(join(import.meta.dirname, '..', '..', 'dist')).filter((name) => /\.(c|m)?js$/.test(name));
    expect(scripts.sort()).toEqual(['areas-add.cjs', 'cli-root.cjs', 'cli.cjs', 'index.js', 'mcp.cjs']);
  });

  it("each one's last line names its build by a hash of its text, so a cache made for other code is never used", async () => {
    const first = await bundleCli({ outdir: 'dist', write: false });
    const again = await bundleCli({ outdir: 'dist', write: false });
    const changed = await bundleCli({
      outdir: 'dist',
      write: false,
      plugins: [{ name: 'other-version', setup: (b) => void (b.initialOptions.define = { ...b.initialOptions.define, __SVC_VERSION__: '"9.9.9"' }) }],
    });
    expect(first.map((script) => script.name).sort()).toEqual(['cli-root.cjs', 'cli.cjs']);
    for (const script of first) {
      expect(script.text.endsWith(`//# svc-build=${script.buildId}\n`)).toBe(true);
      expect(script.buildId).toMatch(/^[0-9a-f]{16}$/);
      expect(named(again, script.name).buildId).toBe(script.buildId);
      expect(named(changed, script.name).buildId).not.toBe(script.buildId);
    }
    expect(named(first, 'cli-root.cjs').buildId).not.toBe(named(first, 'cli.cjs').buildId);
  });

  it('the root script holds no schema library, HTTP client, command or operation, and is a tenth of the whole at most', async () => {
    const scripts = await bundleCli({ outdir: 'dist', write: false, metafile: true });
    const root = named(scripts, 'cli-root.cjs');
    const sources = Object.values(root.metafile!.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(sources).toContain('src/cli/run.ts');
    expect(sources.filter((source) => HEAVY.test(source) || CALL_PATH.test(source) || source.startsWith('src/cli/commands/'))).toEqual([]);
    expect(root.text.length).toBeLessThan(named(scripts, 'cli.cjs').text.length / 10);
  });
});

describe("start-up runs only what every command needs, read from V8's coverage of the npm build", () => {
  for (const args of [['--version'], ['--help'], []]) {
    it(`${args.join(' ') || 'no arguments'}: the root script alone, and in it no schema library, HTTP client, colours, config writer or mock, and no operation`, async () => {
      const { scripts, sources } = await runAndTrace(args);
      expect([...scripts]).toEqual(['cli-root.cjs']);
      expect(sources.has('src/cli/cli-root-script.ts')).toBe(true);
      expect([...sources].filter((source) => HEAVY.test(source))).toEqual([]);
      expect([...sources].filter((source) => CALL_PATH.test(source))).toEqual([]);
    });
  }
});

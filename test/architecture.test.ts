import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The project's layers and no-circle rule (.dependency-cruiser.cjs, `npm run check:architecture`): the one run of it in `npm test`, on the
// source and on a small tree that breaks them, so the check is seen to fail.
const root = join(import.meta.dirname, '..');
const exec = promisify(execFile);

async function violations(cwd: string): Promise<string[]> {
  const args = [
    join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    '--config',
    join(root, '.dependency-cruiser.cjs'),
    '--output-type',
    'json',
    'src',
    'registry',
  ];
  const { stdout } = await exec(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout: string }) => error);
  const { summary } = JSON.parse(stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number } };
  expect(summary.totalCruised).toBeGreaterThan(2);
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('architecture', () => {
  it('holds: no import circle (type-only and lazy ones included), no import against the layers', async () => {
    expect(await violations(root)).toEqual([]);
  }, 60_000);

  it('fails on a type-only circle, a layer reached upwards, the front-ends importing each other, config importing the client, a registry importing src, the command line running a batch itself, and the importer where svc does not map descriptions', async () => {
    expect(await violations(join(root, 'test/fixtures/layers'))).toEqual([
      'added-areas-load-without-the-importer: src/areas/area-file.ts -> src/openapi/import/import-description.ts',
      'batch-runs-below-the-front-ends: src/cli/batch.ts -> src/batch/pipeline.ts',
      'config-never-imports-client: src/config/route.ts -> src/client/retry.ts',
      'core-and-below-never-import-front-ends: src/config/settings.ts -> src/cli/show.ts',
      'core-and-below-never-import-front-ends: src/core/outcome.ts -> src/mcp/tool.ts',
      'mcp-is-a-front-end-beside-cli: src/mcp/tool.ts -> src/cli/show.ts',
      'middle-layers-never-reach-up: src/output/render.ts -> src/core/outcome.ts',
      'no-circular: src/cli/show.ts -> src/config/settings.ts',
      'only-the-cli-command-loads-mcp: src/cli/serve.ts -> src/mcp/tool.ts',
      'only-the-cli-command-loads-mcp: src/core/outcome.ts -> src/mcp/tool.ts',
      'registry-is-the-bottom: registry/ops.ts -> src/config/settings.ts',
      'the-importer-is-a-dev-tool: src/areas/add.ts -> src/openapi/import/main.ts',
      'the-importer-maps-only-for-svc-areas: src/mock/served.ts -> src/openapi/import/import-description.ts',
    ]);
  }, 60_000);
});

describe("the architecture check's own words", () => {
  it('name only scripts and npm scripts that exist', () => {
    const config = readFileSync(join(root, '.dependency-cruiser.cjs'), 'utf8');
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const files = [...config.matchAll(/\bscripts\/[\w./-]+\.[cm]?js\b/g)].map(([path]) => path);
    expect(files.filter((path) => !existsSync(join(root, path)))).toEqual([]);
    const npmScripts = [...config.matchAll(/`npm (?:run )?([\w:-]+)`/g)].map(([, name]) => name!);
    expect(npmScripts.length).toBeGreaterThan(0);
    expect(npmScripts.filter((name) => !(name in scripts))).toEqual([]);
    expect(scripts['check:architecture']).toContain('.dependency-cruiser.cjs');
  });
});

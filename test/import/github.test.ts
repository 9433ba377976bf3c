// GitHub's REST description (@octokit/openapi, ~1,200 operations) imported into a throwaway
// registry, svc built from it (esbuild compiles every generated file; `svc ops` loads every area),
// then a fixed sample (every 12th operation, ~100, all areas) checked: `svc <words> --help` renders
// and `svc <words> <least input> --dry-run` prints a request the independent validator (ajv over
// the description, not svc's zod) accepts. The whole check of every operation is
// `npm run check:import` (over 2 minutes here; figures in docs/performance.md).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkImport, GITHUB_RENAME } from '../../scripts/import-check/check-import.mjs';
import { tempFolder } from '../support/temp-folder.js';
import { repoRoot } from '../openapi/import/throwaway-registry.js';

const description = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const SAMPLE = 12;

describe("GitHub's description imported", () => {
  it('imports every operation; help and a valid dry run for each sampled one (the rest: npm run check:import)', { timeout: 600_000 }, async () => {
    const result = await checkImport({ repoRoot, description, rename: GITHUB_RENAME, work: tempFolder('svc-github-'), sample: SAMPLE, spawnSample: 2 });
    expect(result.report.operations).toBe(result.described);
    expect(result.described).toBeGreaterThan(1000);
    expect(result.checked).toBe(Math.ceil(result.described / SAMPLE));
    expect(result.spawned).toEqual({ count: 4, differing: [] });

    // A body field named like one of svc's own flags (a comment's `body`) has its flag with -field after it.
    expect(result.failures).toEqual([]);
    expect([result.helpPassed, result.dryRunPassed]).toEqual([result.checked, result.checked]);
  });
});

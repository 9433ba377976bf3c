// GitHub's REST description (@octokit/openapi, ~1,200 operations) imported into a throwaway
// registry, svc built from it (esbuild compiles every generated file; `svc ops` loads every area),
// then a fixed sample (every 12th operation, ~100, all areas) checked: `svc <words> --help` renders
// and `svc <words> <least input> --dry-run` prints a request the independent validator (ajv over
// the description, not svc's zod) accepts. The whole check of every operation is
// `npm run check:import` (over 2 minutes here; figures in docs/performance.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkImport } from '../../scripts/import-check/check-import.mjs';
import { follow } from '../../scripts/import-check/request-validator.mjs';
import { tempFolder } from '../support/temp-folder.js';
import { repoRoot } from '../openapi/import/throwaway-registry.js';

const description = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const SAMPLE = 12;

/** svc's own flags on every operation command (src/cli/operation-flags.ts): a body field of that name cannot have its flag. */
const OWN_FLAGS = [
  'body',
  'yes',
  'help',
  'input',
  'input-format',
  'concurrency',
  'unordered',
  'rejects',
  'checkpoint',
  'resend-uncertain',
  'shard',
  'paginate',
  'max-pages',
  'max-items',
];

type Document = { paths: Record<string, Record<string, { tags?: string[]; operationId?: string; requestBody?: unknown }>> };

/** The top-level property names of a JSON body schema, through $refs, allOf, oneOf and anyOf. */
function bodyProperties(document: Document, schema: unknown, at: string): string[] {
  const { value } = follow(document, schema, at) as { value: Record<string, unknown> | undefined };
  if (!value || typeof value !== 'object') return [];
  const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => (Array.isArray(value[key]) ? (value[key] as unknown[]) : []));
  return [...Object.keys((value.properties as object | undefined) ?? {}), ...parts.flatMap((part) => bodyProperties(document, part, at))];
}

/**
 * The areas (tags) holding an operation whose JSON body has a field named like one of svc's own
 * flags: commander refuses the second `--body`, so that area's command tree does not build (a
 * known fault of the command line, reported; not of the import).
 */
function areasWithFlagCollision(document: Document): Map<string, string> {
  const areas = new Map<string, string>();
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      const body = (follow(document, op.requestBody, '') as { value?: { content?: Record<string, { schema?: unknown }> } }).value;
      const schema = body?.content?.['application/json']?.schema;
      const clash = schema ? bodyProperties(document, schema, '').find((name) => OWN_FLAGS.includes(name)) : undefined;
      if (clash && op.tags?.[0] && !areas.has(op.tags[0])) areas.set(op.tags[0], `${op.operationId} has a body field "${clash}"`);
    }
  }
  return areas;
}

describe("GitHub's description imported", () => {
  it('imports every operation; help and a valid dry run for each sampled one (the rest: npm run check:import)', { timeout: 600_000 }, async () => {
    const document = JSON.parse(readFileSync(description, 'utf8')) as Document;
    const result = await checkImport({ repoRoot, description, work: tempFolder('svc-github-'), sample: SAMPLE, spawnSample: 2 });
    expect(result.report.operations).toBe(result.described);
    expect(result.described).toBeGreaterThan(1000);
    expect(result.checked).toBe(Math.ceil(result.described / SAMPLE));
    expect(result.spawned).toEqual({ count: 4, differing: [] });

    const areaOf = new Map(Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op.tags?.[0]] as const)));
    const collision = areasWithFlagCollision(document);
    const unexpected = result.failures.filter((failure) => !collision.has(areaOf.get(failure.id) ?? ''));
    const collided = result.failures.filter((failure) => collision.has(areaOf.get(failure.id) ?? ''));
    expect(unexpected).toEqual([]);
    for (const failure of collided) expect(failure.detail).toMatch(/conflicting flag '--body'/);
    // Both checks of every sampled operation in those areas fail, and nothing else does.
    expect(result.helpPassed + result.dryRunPassed + collided.length).toBe(2 * result.checked);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../../registry/api.js';
import { areas } from '../../../registry/areas.js';
import { loadAllOperations } from '../../../registry/all-areas.js';
import type { OperationSpec, Operations } from '../../../registry/define.js';
import { workspace } from '../../../registry/index.js';
import { operationFields } from '../../../registry/fields.js';
import { rulesOf } from '../../../registry/rules.js';
import { buildOpenApiDocument } from '../../../src/openapi/document.js';
import { run } from '../../../src/openapi/import/main.js';
import { jsonSchemaOf } from '../../../src/openapi/json-schema.js';
import { removeTempFolders } from '../../support/temp-folder.js';
import { repoRoot, throwawayRegistry } from './throwaway-registry.js';

afterAll(removeTempFolders);

const asText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

const ownAreas = Object.fromEntries(Object.entries(areas).filter(([name]) => Object.keys(workspace).some((id) => id.startsWith(`${name}_`))));

/** `svc openapi` of the real registry, then imported into a throwaway registry of no hand-written area. */
async function importExport(): Promise<{ original: Operations; exported: string; folder: string; lines: string[]; status: number }> {
  // svc's own areas: an area imported into this clone is not among those the throwaway registry rebuilds.
  const original: Operations = Object.fromEntries(Object.entries(await loadAllOperations()).filter(([id]) => Object.hasOwn(workspace, id)));
  const exported = asText(buildOpenApiDocument({ operations: original, areas: ownAreas, api }));
  const folder = throwawayRegistry();
  const file = join(folder, '..', 'workspace-api.json');
  writeFileSync(file, exported);
  const lines: string[] = [];
  const status = await run([file, '--out', folder], { repoRoot, cwd: folder, write: (line) => lines.push(line) });
  return { original, exported, folder, lines, status };
}

const trip = importExport();

describe('export, import, export', () => {
  it('writes one file per area and the two lists, and exits 0', async () => {
    const { status, lines, folder } = await trip;
    expect(lines.at(-1), lines.join('\n')).not.toMatch(/^registry:import: (?!\d)/);
    expect(status).toBe(0);
    const index = readFileSync(join(folder, 'imported', 'index.ts'), 'utf8');
    for (const area of ['campaigns', 'crm', 'email', 'files']) expect(index).toContain(`(await import('./${area}.js')).${area}`);
  });

  it('gives back the same document, byte for byte', async () => {
    const { exported, folder } = await trip;
    const again = (await import(join(folder, 'areas.ts'))) as { areas: Record<string, { summary: string; load(): Promise<Operations> }> };
    const own = Object.fromEntries(Object.entries(again.areas).filter(([name]) => Object.hasOwn(ownAreas, name)));
    const { loadAllOperations: loadThrowaway } = (await import(join(folder, 'all-areas.ts'))) as {
      loadAllOperations: (table: typeof own) => Promise<Operations>;
    };
    const operations = await loadThrowaway(own);
    // Its own copy of the export reads its own copy of the registry (rules are kept per copy).
    const exporter = (await import(join(folder, '..', 'src', 'openapi', 'document.ts'))) as { buildOpenApiDocument: typeof buildOpenApiDocument };
    expect(asText(exporter.buildOpenApiDocument({ operations, areas: own, api }))).toBe(exported);
  });

  it('gives back the six operations field by field: inputs, rules, schemas and every declared field', async () => {
    const { original, folder } = await trip;
    const imported = (await import(join(folder, 'imported', 'operations.ts'))) as { imported: Operations };
    const rules = (await import(join(folder, 'rules.ts'))) as { rulesOf: typeof rulesOf };
    expect(
      Object.keys(imported.imported)
        .filter((id) => Object.hasOwn(original, id))
        .sort(),
    ).toEqual(Object.keys(original).sort());
    expect(Object.keys(original)).toHaveLength(6);
    for (const [id, op] of Object.entries(original)) {
      const back = imported.imported[id] as OperationSpec;
      const { params, query, body, response, ...declared } = op;
      const { params: p2, query: q2, body: b2, response: r2, ...declaredBack } = back;
      expect(declaredBack, id).toEqual(declared);
      expect(operationFields(back), id).toEqual(operationFields(op));
      expect(rules.rulesOf(back.body), id).toEqual(rulesOf(op.body));
      for (const [a, b, io] of [
        [params, p2, 'input'],
        [query, q2, 'input'],
        [body, b2, 'input'],
        [response, r2, 'output'],
      ] as const) {
        expect(b === undefined, `${id}: presence`).toBe(a === undefined);
        if (a && b) expect(jsonSchemaOf(b, io), id).toEqual(jsonSchemaOf(a, io));
      }
    }
  });
});

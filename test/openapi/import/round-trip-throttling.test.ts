import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { api as projectApi } from '../../../registry/api.js';
import { defineOperations, type OperationSpec, type Operations } from '../../../registry/define.js';
import type { buildOpenApiDocument } from '../../../src/openapi/document.js';
import { run } from '../../../src/openapi/import/main.js';
import { removeTempFolders } from '../../support/temp-folder.js';
import { repoRoot, throwawayRegistry } from './throwaway-registry.js';

afterAll(removeTempFolders);

// Whether a 429 comes before anything is applied (throttlesBeforeApplying) decides whether a write
// answered 429 is sent again: declared for the whole API, and by an operation for itself. It goes
// through `svc openapi` and the importer as x-svc-throttles-before-applying, on the document and on
// the operation, and comes back as it was declared.

const note = z.strictObject({ text: z.string().check(z.describe('the text')) });
const created = z.looseObject({ id: z.string() });
/** One operation that leaves it to the API, one that says the same itself, one that says otherwise; in path order, as the import lists them. */
const demo = defineOperations({
  demo_notes_create: {
    method: 'POST',
    path: '/demo/notes',
    summary: 'Create a note',
    args: [],
    body: note,
    response: created,
    safety: 'unsafe',
    examples: ['svc demo notes create --text hi'],
  },
  demo_notes_pin: {
    method: 'PUT',
    path: '/demo/notes/pinned',
    summary: 'Pin a note',
    args: [],
    body: note,
    response: created,
    safety: 'idempotent',
    throttlesBeforeApplying: true,
    examples: ['svc demo notes pin --text hi'],
  },
  demo_notes_send: {
    method: 'POST',
    path: '/demo/notes/send',
    summary: 'Send a note',
    args: [],
    body: note,
    response: created,
    safety: 'unsafe',
    throttlesBeforeApplying: false,
    examples: ['svc demo notes send --text hi'],
  },
});
const areas = { demo: { summary: 'A demonstration area', load: async () => demo as Operations } };
const asText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

interface Registry {
  folder: string;
  api: typeof projectApi;
  exporter: { buildOpenApiDocument: typeof buildOpenApiDocument };
  /** throttlesBeforeApplying(op) as the registry's copy of define.ts reads it: declared, else its API's. */
  throttles: (op: OperationSpec) => boolean;
}

/** A throwaway registry whose api.ts declares `throttlesBeforeApplying` as given, with its own copy of the export. */
async function registryDeclaring(throttlesBeforeApplying: boolean): Promise<Registry> {
  const folder = throwawayRegistry();
  const path = join(folder, 'api.ts');
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('throttlesBeforeApplying: false as boolean,');
  writeFileSync(path, text.replace('throttlesBeforeApplying: false as boolean,', `throttlesBeforeApplying: ${throttlesBeforeApplying} as boolean,`));
  const { api } = (await import(join(folder, 'api.ts'))) as { api: typeof projectApi };
  const define = (await import(join(folder, 'define.ts'))) as { throttlesBeforeApplying: Registry['throttles'] };
  const exporter = (await import(join(folder, '..', 'src', 'openapi', 'document.ts'))) as Registry['exporter'];
  return { folder, api, exporter, throttles: define.throttlesBeforeApplying };
}

/** Imports `document` into the registry; its imported operations and the import's lines. */
async function importInto(registry: Registry, document: string): Promise<{ imported: Operations; lines: string[] }> {
  const file = join(registry.folder, '..', 'demo.json');
  writeFileSync(file, document);
  const lines: string[] = [];
  const status = await run([file, '--out', registry.folder], { repoRoot, cwd: registry.folder, write: (line) => lines.push(line) });
  expect(status, lines.join('\n')).toBe(0);
  const { imported } = (await import(join(registry.folder, 'imported', 'operations.ts'))) as { imported: Operations };
  return { imported, lines };
}

const ids = Object.keys(demo);
type Document = Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };
const marksOf = (document: Document) => Object.values(document.paths).map((item) => Object.values(item)[0]!['x-svc-throttles-before-applying']);

describe('x-svc-throttles-before-applying: export, import, export', () => {
  it('a registry that declares it for the API (true) and per operation: the same bytes back, and each operation throttled as before', async () => {
    const registry = await registryDeclaring(true);
    const exported = asText(registry.exporter.buildOpenApiDocument({ operations: demo, areas, api: registry.api }));
    const document = JSON.parse(exported) as Document;
    expect(document['x-svc-throttles-before-applying']).toBe(true);
    expect(marksOf(document)).toEqual([undefined, true, false]);
    const { imported } = await importInto(registry, exported);
    expect(ids.map((id) => imported[id]!.throttlesBeforeApplying)).toEqual([undefined, true, false]);
    expect(ids.map((id) => registry.throttles(imported[id]!))).toEqual([true, true, false]);
    const index = (await import(join(registry.folder, 'imported', 'index.ts'))) as { importedAreas: typeof areas };
    expect(asText(registry.exporter.buildOpenApiDocument({ operations: imported, areas: index.importedAreas, api: registry.api }))).toBe(exported);
  });

  it("into a registry that declares the other value for its API, each operation that does not say otherwise gets the document's, and the report says so", async () => {
    const from = await registryDeclaring(true);
    const exported = asText(from.exporter.buildOpenApiDocument({ operations: demo, areas, api: from.api }));
    const into = await registryDeclaring(false);
    const { imported, lines } = await importInto(into, exported);
    expect(ids.map((id) => imported[id]!.throttlesBeforeApplying)).toEqual([true, true, false]);
    expect(ids.map((id) => into.throttles(imported[id]!))).toEqual([true, true, false]);
    expect(lines.join('\n')).toMatch(
      /x-svc-throttles-before-applying.*true, where the registry declares false: written on each operation that does not say otherwise/,
    );
  });

  it('the export of a registry that declares false says so on the document, and on no operation that leaves it to the API', async () => {
    const registry = await registryDeclaring(false);
    const document = JSON.parse(asText(registry.exporter.buildOpenApiDocument({ operations: demo, areas, api: registry.api }))) as Document;
    expect(document['x-svc-throttles-before-applying']).toBe(false);
    expect(marksOf(document)).toEqual([undefined, true, false]);
  });

  it('a value that is not true or false, on the document or an operation, is reported and left out', async () => {
    const registry = await registryDeclaring(false);
    const document = JSON.parse(asText(registry.exporter.buildOpenApiDocument({ operations: demo, areas, api: registry.api }))) as Document;
    document['x-svc-throttles-before-applying'] = 'yes';
    document.paths['/demo/notes/send']!.post!['x-svc-throttles-before-applying'] = 1;
    const { imported, lines } = await importInto(registry, JSON.stringify(document));
    expect(ids.map((id) => imported[id]!.throttlesBeforeApplying)).toEqual([undefined, true, undefined]);
    expect(lines.filter((line) => line.includes('x-svc-throttles-before-applying') && line.includes('malformed'))).toHaveLength(2);
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { api } from '../../../registry/api.js';
import { defineOperations, type Operations } from '../../../registry/define.js';
import { operationFields } from '../../../registry/fields.js';
import { buildOpenApiDocument } from '../../../src/openapi/document.js';
import { run } from '../../../src/openapi/import/main.js';
import { removeTempFolders } from '../../support/temp-folder.js';
import { repoRoot, throwawayRegistry } from './throwaway-registry.js';

afterAll(removeTempFolders);

/** Inputs and declarations the six operations do not have: query and header parameters, a cursor, a GET list, deprecation, an optional body. */
const demo = defineOperations({
  demo_items_list: {
    method: 'GET',
    path: '/demo/{spaceId}/items',
    summary: 'List the items of a space',
    args: ['spaceId'],
    params: z.strictObject({ spaceId: z.string().check(z.describe('the space')) }),
    query: z.strictObject({
      limit: z.optional(z.int().check(z.gte(1), z.lte(100), z.describe('how many, from 1 to 100'))),
      state: z.optional(z.enum(['open', 'done']).check(z.describe('only items in this state'))),
      tag: z.optional(z.array(z.string()).check(z.describe('only items with every one of these tags'))),
      archived: z.boolean().check(z.describe('whether archived items are listed')),
    }),
    headers: z.strictObject({ 'if-none-match': z.optional(z.string().check(z.describe('the entity tag of the list seen last'))) }),
    response: z.looseObject({ items: z.array(z.looseObject({ id: z.string() })), next: z.optional(z.string()) }),
    safety: 'safe',
    cursor: { param: 'after', next: 'next', items: 'items' },
    examples: ['svc demo items list sp_1 --limit 10'],
    status: 200,
    errors: { 404: 'No such space' },
    deprecated: true,
  },
  demo_items_star: {
    method: 'PUT',
    path: '/demo/{spaceId}/items/{itemId}/star',
    summary: 'Star an item',
    args: ['spaceId', 'itemId'],
    params: z.strictObject({ spaceId: z.string().check(z.describe('the space')), itemId: z.string().check(z.describe('the item')) }),
    body: z.strictObject({ note: z.string().check(z.describe('why it is starred')) }),
    optionalBody: true,
    response: z.looseObject({ id: z.string() }),
    safety: 'idempotent',
    examples: ['svc demo items star sp_1 it_1'],
    status: 200,
  },
});

const asText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
const areas = { demo: { summary: 'A demonstration area', load: async () => demo as Operations } };

describe('export, import, export of query and header parameters, a cursor, a deprecation and an optional body', () => {
  it('gives back the same document and the same inputs', async () => {
    const exported = asText(buildOpenApiDocument({ operations: demo, areas, api }));
    const folder = throwawayRegistry();
    writeFileSync(join(folder, '..', 'demo.json'), exported);
    const lines: string[] = [];
    expect(await run([join(folder, '..', 'demo.json'), '--out', folder], { repoRoot, cwd: folder, write: (line) => lines.push(line) }), lines.join('\n')).toBe(
      0,
    );
    const { imported } = (await import(join(folder, 'imported', 'operations.ts'))) as { imported: Operations };
    const back = imported.demo_items_list!;
    expect(operationFields(back)).toEqual(operationFields(demo.demo_items_list));
    expect(back.cursor).toEqual(demo.demo_items_list.cursor);
    expect(back.deprecated).toBe(true);
    expect(operationFields(imported.demo_items_star!)).toEqual(operationFields(demo.demo_items_star));
    expect([imported.demo_items_star!.optionalBody, back.optionalBody]).toEqual([true, undefined]);
    const exporter = (await import(join(folder, '..', 'src', 'openapi', 'document.ts'))) as { buildOpenApiDocument: typeof buildOpenApiDocument };
    const index = (await import(join(folder, 'imported', 'index.ts'))) as { importedAreas: typeof areas };
    expect(asText(exporter.buildOpenApiDocument({ operations: imported, areas: index.importedAreas, api }))).toBe(exported);
  });
});

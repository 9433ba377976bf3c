// A registry of generated operations, as scripts/bench/synthetic-registry.mjs writes it for the
// bench, built here as objects: the same ids, methods and paths, and the same typed query of every
// `list` operation. Tests hand it to svc in place of registry/areas.ts (vi.mock).
import * as z from 'zod/mini';
import '../../registry/zod-messages.js';
import type { AreaEntry } from '../../registry/areas.js';
import { defineOperations, type OperationSpec } from '../../registry/define.js';
import { syntheticOperations, syntheticSafety } from '../../scripts/bench/synthetic-registry.mjs';

const ItemBody = z.strictObject({ name: z.string().check(z.describe('name of the item')) });
const Item = z.looseObject({ id: z.string() });

export const ListQuery = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(100), z.describe('how many items to return, from 1 to 100'))),
  status: z.optional(z.enum(['open', 'done']).check(z.describe('only items in this state'))),
  tag: z.optional(z.array(z.string()).check(z.describe('only items with every one of these tags'))),
});

type Generated = { id: string; verb: string; method: OperationSpec['method']; item: string };

function operation(area: string, { id, verb, method, item }: Generated): OperationSpec {
  return {
    method,
    path: `/${area}/${item}/{itemId}`,
    summary: `${verb} one ${item} of ${area} (generated)`,
    args: ['itemId'],
    ...(method === 'POST' || method === 'PATCH' ? { body: ItemBody } : {}),
    ...(verb === 'list' ? { query: ListQuery } : {}),
    response: verb === 'list' ? z.array(Item) : Item,
    safety: syntheticSafety(method) as OperationSpec['safety'],
    examples: [`svc ${id.split('_').join(' ')} it_1`],
  };
}

/** The generated areas, in the shape of registry/areas.ts's `areas`. */
export function generatedAreas(count: number): Record<string, AreaEntry> {
  const byArea = syntheticOperations(count) as Record<string, Generated[]>;
  return Object.fromEntries(
    Object.entries(byArea).map(([area, ops]) => {
      const operations = defineOperations(Object.fromEntries(ops.map((op) => [op.id, operation(area, op)])));
      return [area, { summary: `${ops.length} generated operations of ${area}`, load: async () => operations }];
    }),
  );
}

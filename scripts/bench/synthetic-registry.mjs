// A registry of generated operations for the "start-up must not grow with the registry" case.
// An esbuild plugin serves registry/areas.ts and one area module per API area from memory, written
// as real registry code (zod/mini schemas, defineOperations), so nothing generated touches the repo.
import { join } from 'node:path';

// The API's areas (spec: "What the service does") as command words, but `auth`: svc's own command.
const AREAS = [
  'agentconfig',
  'approvals',
  'apps',
  'billing',
  'browser',
  'campaigns',
  'chat',
  'crm',
  'email',
  'environments',
  'files',
  'gateway',
  'lists',
  'local',
  'meetings',
  'members',
  'memory',
  'meta',
  'notifications',
  'routines',
  'secrets',
  'settings',
  'workspace',
];
const VERBS = [
  ['get', 'GET'],
  ['list', 'GET'],
  ['create', 'POST'],
  ['update', 'PATCH'],
  ['delete', 'DELETE'],
];
const NAMESPACE = 'synthetic-registry';

/** Typed query parameters of every generated `list` operation (test/support/generated-registry.ts declares the same). */
const LIST_QUERY = `const ListQuery = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(100), z.describe('how many items to return, from 1 to 100'))),
  status: z.optional(z.enum(['open', 'done']).check(z.describe('only items in this state'))),
  tag: z.optional(z.array(z.string()).check(z.describe('only items with every one of these tags'))),
});`;

/** The safety a generated operation declares: its method's, since a generated operation has no meaning of its own. */
export const syntheticSafety = (method) => (method === 'GET' ? 'safe' : method === 'PUT' || method === 'DELETE' ? 'idempotent' : 'unsafe');

/** Operation declarations for one area, as TypeScript source. */
function areaSource(area, operationIds) {
  const entries = operationIds.map(({ id, verb, method, item }) => {
    const body = method === 'POST' || method === 'PATCH' ? '\n    body: ItemBody,' : '';
    const query = verb === 'list' ? '\n    query: ListQuery,' : '';
    return `  ${id}: {
    method: '${method}', path: '/${area}/${item}/{itemId}',${query}
    summary: '${verb} one ${item} of ${area} (generated)', args: ['itemId'],${body}
    response: Item, safety: '${syntheticSafety(method)}', examples: ['svc ${id.split('_').join(' ')} it_1'],
  },`;
  });
  return `import * as z from 'zod/mini';
import './zod-messages.js';
import { defineOperations } from './define.js';
const ItemBody = z.strictObject({ name: z.string(), count: z.optional(z.number()), tags: z.optional(z.array(z.string())), data: z.optional(z.record(z.string(), z.unknown())) });
${LIST_QUERY}
const Item = z.looseObject({ id: z.string() });
export const operations = defineOperations({
${entries.join('\n')}
});
`;
}

/** `count` operations spread over the API's areas: { area: [{ id, verb, method, item }] }. */
export function syntheticOperations(count) {
  const byArea = Object.fromEntries(AREAS.map((area) => [area, []]));
  for (let i = 0; i < count; i++) {
    const area = AREAS[i % AREAS.length];
    const k = Math.floor(i / AREAS.length);
    const [verb, method] = VERBS[k % VERBS.length];
    byArea[area].push({ id: `${area}_item${k}_${verb}`, verb, method, item: `item${k}` });
  }
  return byArea;
}

function areasSource(byArea) {
  const lines = Object.entries(byArea).map(
    ([area, ops]) =>
      `  ${area}: { summary: '${ops.length} generated operations of ${area}', load: async () => (await import('./${area}.synthetic.js')).operations },`,
  );
  return `import type { AreaEntry } from './areas.js';\nexport const areas: Record<string, AreaEntry> = {\n${lines.join('\n')}\n};\n`;
}

/** Replaces registry/areas.ts (and so every area it loads) with `count` generated operations. */
export function syntheticRegistryPlugin({ repoRoot, count }) {
  const registryDir = join(repoRoot, 'registry');
  const byArea = syntheticOperations(count);
  return {
    name: 'synthetic-registry',
    setup(build) {
      build.onResolve({ filter: /areas\.js$|\.synthetic\.js$/ }, (args) => {
        const path = join(args.resolveDir, args.path);
        if (args.namespace === NAMESPACE) return { path: args.path.replace(/^\.\//, ''), namespace: NAMESPACE };
        if (path === join(registryDir, 'areas.js')) return { path: 'areas.js', namespace: NAMESPACE };
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const area = args.path.replace(/\.synthetic\.js$/, '');
        const contents = args.path === 'areas.js' ? areasSource(byArea) : areaSource(area, byArea[area]);
        // Imports inside generated code resolve as if it sat in registry/.
        return { contents, loader: 'ts', resolveDir: registryDir };
      });
    },
  };
}

import { dataLiteral, literal } from './names.js';
import type { Entry } from './operation-entry.js';
import { type SchemaTree, treeSource } from './schema-tree.js';

/**
 * One registry entry as TypeScript source: `"<id>": { method, path, … },` under its `// review:`
 * comments; `name(i)` is the const of the area's named schema `i`.
 */
export function entrySource(entry: Entry, name: (index: number) => string): string {
  const { safety } = entry;
  const source = (tree: SchemaTree | undefined) => tree && treeSource(tree, name);
  const lines = [
    `method: ${literal(entry.method)}`,
    `path: ${literal(entry.path)}`,
    `summary: ${literal(entry.summary)}`,
    `args: ${dataLiteral(entry.args)}`,
    entry.params && `params: ${source(entry.params)}`,
    entry.query && `query: ${source(entry.query)}`,
    entry.headers && `headers: ${source(entry.headers)}`,
    entry.body && `body: ${source(entry.body)}`,
    entry.optionalBody && 'optionalBody: true',
    `response: ${source(entry.response)}`,
    `safety: ${literal(safety.safety)}`,
    safety.idempotent !== undefined && `idempotent: ${safety.idempotent}`,
    safety.safety === 'destructive' && 'destructive: true',
    entry.throttlesBeforeApplying !== undefined && `throttlesBeforeApplying: ${entry.throttlesBeforeApplying}`,
    entry.nullResult !== undefined && `nullResult: ${literal(entry.nullResult)}`,
    `examples: ${dataLiteral(entry.examples)}`,
    entry.status !== undefined && `status: ${entry.status}`,
    entry.errors && `errors: ${dataLiteral(entry.errors)}`,
    entry.display && `display: ${dataLiteral(entry.display)}`,
    entry.saveField && `saveField: ${dataLiteral(entry.saveField)}`,
    entry.cursor && `cursor: ${dataLiteral(entry.cursor)}`,
    entry.deprecated && 'deprecated: true',
  ].filter((line): line is string => typeof line === 'string');
  const comments = entry.reviews.map((review) => `  // ${review}\n`).join('');
  return `${comments}  ${literal(entry.id)}: {\n${lines.map((line) => `    ${line},\n`).join('')}  },\n`;
}

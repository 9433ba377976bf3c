import { checkDocument, type Description } from '../../../src/openapi/import/description-file.js';
import type { HandWritten } from '../../../src/openapi/import/conflicts.js';
import { importDescription, type ImportOptions } from '../../../src/openapi/import/import-description.js';

type Node = Record<string, unknown>;

/** A small OpenAPI 3.1 description with these paths (and anything else given). */
export function description(paths: Node, extra: Node = {}): Node {
  return { openapi: '3.1.0', info: { title: 'Test API', version: '2.0.0' }, paths, ...extra };
}

/** An operation with a JSON answer, tagged, with an id: the parts every test needs, overridden by `parts`. */
export function operation(tag: string, operationId: string, parts: Node = {}): Node {
  return {
    tags: [tag],
    operationId,
    summary: `the ${operationId} operation`,
    'x-svc-safety': 'safe',
    responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
    ...parts,
  };
}

/** Runs the mapping in memory (nothing written). */
export function mapped(document: Node, options: Partial<ImportOptions> & { handWritten?: HandWritten } = {}) {
  const parsed: Description = checkDocument('test.json', document);
  return importDescription(parsed, { handWritten: new Map(), importedBefore: [], ...options });
}

/** The report's lines as `<operation>: <construct>: <note>`. */
export const reportLines = (result: ReturnType<typeof mapped>): string[] =>
  result.report.items.map((item) => `${item.operation}: ${item.construct}: ${item.note}`);

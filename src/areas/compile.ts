import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { combineOperations, defineOperations, type Operations } from '../../registry/define.js';
import { ExitCode, SvcError } from '../errors.js';
import type { MappedArea, MappedDescription } from '../openapi/import/import-description.js';
import type { Entry } from '../openapi/import/operation-entry.js';
import { areaFileText } from './area-text.js';
import { CorruptArea, operationsOfArea } from './operation-build.js';
import { type AreaListing, type AreaSource, STORE_FORMAT, type StoredArea, type StoredIndex, type StoredOperation } from './stored.js';

/**
 * One operation as the store keeps it: what the importer's registry entry says (src/openapi/import/
 * entry-source.ts writes the same fields as TypeScript), the schemas as trees.
 */
export function storedOperation(entry: Entry): StoredOperation {
  const { safety } = entry;
  return {
    method: entry.method,
    path: entry.path,
    summary: entry.summary,
    args: entry.args,
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.query ? { query: entry.query } : {}),
    ...(entry.headers ? { headers: entry.headers } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.optionalBody ? { optionalBody: true as const } : {}),
    response: entry.response,
    safety: safety.safety,
    ...(safety.idempotent !== undefined ? { idempotent: safety.idempotent } : {}),
    ...(safety.safety === 'destructive' ? { destructive: true as const } : {}),
    ...(entry.throttlesBeforeApplying !== undefined ? { throttlesBeforeApplying: entry.throttlesBeforeApplying } : {}),
    ...(entry.nullResult !== undefined ? { nullResult: entry.nullResult } : {}),
    examples: entry.examples,
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.errors ? { errors: entry.errors } : {}),
    ...(entry.display ? { display: entry.display } : {}),
    ...(entry.saveField ? { saveField: entry.saveField } : {}),
    ...(entry.cursor ? { cursor: entry.cursor } : {}),
    ...(entry.deprecated ? { deprecated: true as const } : {}),
  };
}

/** A mapped area as its store file holds it. */
export function storedArea(mapped: MappedArea): StoredArea {
  const operations: Record<string, string> = {};
  for (const entry of mapped.entries) operations[entry.id] = JSON.stringify(storedOperation(entry));
  return { format: STORE_FORMAT, area: mapped.area, operations, named: mapped.named.trees.map((tree) => JSON.stringify(tree)) };
}

/** An area ready to store: its file's content, its listing in the index (but the file's name and the time), and its operations read back from the content. */
export interface CompiledArea {
  content: StoredArea;
  listing: Omit<AreaListing, 'file' | 'added'>;
  operations: Operations;
}

/** A mapped area, compiled: what the store will hold, and the operations svc will read from it (built from that very text). */
export function compileArea(mapped: MappedArea, source: AreaSource, description: Pick<MappedDescription, 'title' | 'version'>): CompiledArea {
  const content = storedArea(mapped);
  const operations = operationsOfArea(areaFileText(content), mapped.area);
  const listing = { summary: mapped.summary, operations: mapped.entries.length, source, title: description.title, version: description.version };
  return { content, listing, operations };
}

/**
 * Checks compiled areas as svc checks its registry when it loads it: each operation's declaration
 * (registry/define.ts), every schema built, and no id, route, command or page name shared with svc's
 * own operations, the areas kept or each other. A failure is one line, exit 2, nothing stored.
 */
export function checkCompiled(builtIn: Operations, kept: Operations, compiled: readonly CompiledArea[]): void {
  try {
    for (const { operations } of compiled) {
      for (const op of Object.values(operations)) void [op.params, op.query, op.headers, op.body, op.response];
      defineOperations(operations);
    }
    combineOperations(builtIn, kept, ...compiled.map((area) => area.operations));
  } catch (error) {
    if (error instanceof SvcError) throw error;
    throw new SvcError(`the description cannot be added: ${(error as Error).message.replace(/\.$/, '')}`, ExitCode.usage);
  }
}

/** The operations of the areas in the store that an addition keeps (all but `written`), read from their files. */
export function keptOperations(folder: string, index: StoredIndex, written: ReadonlySet<string>): Operations {
  const kept: Operations = {};
  for (const [area, listing] of Object.entries(index.areas)) {
    if (written.has(area)) continue;
    try {
      Object.assign(kept, operationsOfArea(readFileSync(join(folder, listing.file), 'utf8'), area));
    } catch (error) {
      const why = error instanceof CorruptArea ? error.message : ((error as { code?: string }).code ?? 'unreadable');
      throw new SvcError(`the added area ${area} cannot be read (${why}); \`svc areas update ${area}\` or \`svc areas remove ${area}\` first`, ExitCode.usage);
    }
  }
  return kept;
}

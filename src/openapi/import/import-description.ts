import { type AreaListing, areaFileSource, areaListSource, generatedLine, LISTS_HEADER, operationListSource } from './area-source.js';
import type { Description } from './description-file.js';
import { type Entry, identify, type Located, mapOperation, METHODS, type Renames } from './operation-entry.js';
import { api } from '../../../registry/api.js';
import { pathTemplateProblem } from '../../../registry/path-template.js';
import { ImportRefusal } from './refusal.js';
import type { FieldRule } from '../../../registry/rules.js';
import { THROTTLES } from '../svc-extensions.js';
import { areaIdentifier } from './names.js';
import { resolveObject } from './refs.js';
import { ImportReport } from './report.js';
import { declarationsSource, type NamedSchemas, SchemaWriter } from './schema-source.js';
import { checkAreas, checkHandWrittenAreas, checkIds, type ConflictWording, type HandWritten } from './conflicts.js';

type Node = Record<string, unknown>;

export interface ImportOptions {
  /** Only these areas (tags, as area names); all when absent. */
  areas?: readonly string[];
  /** Areas imported under another name (`--rename tag=name`), by their name from the tag. */
  renames?: Renames;
  /** The operations written by hand in the registry folder, which no imported one may shadow. */
  handWritten: HandWritten;
  /** The areas imported before (from files in `imported/`), listed again beside the new ones. */
  importedBefore: readonly AreaListing[];
  /** The operations of the areas imported before and kept (not imported again now: `keptAreas`), which the new ones must not clash with. */
  keptOperations?: HandWritten;
  /** How refusals name the hand-written operations and the kept areas (default: the importer's, `registry/imported`). */
  wording?: ConflictWording;
  /** What the registry written into declares for all its operations (its api.ts): this project's registry's when absent. */
  throttlesBeforeApplying?: boolean;
}

export interface ImportResult {
  /** File name inside `imported/` -> content (not yet formatted). */
  files: Map<string, string>;
  report: ImportReport;
  operations: number;
  areas: string[];
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every operation of the description with where it is; other methods (HEAD, OPTIONS, TRACE) reported. */
export function locateOperations(document: Node, report: ImportReport): Located[] {
  const located: Located[] = [];
  const paths = document.paths as Node;
  for (const path of Object.keys(paths)) {
    const pathItem = resolveObject(document, paths[path]);
    const at = `#/paths/${escape(path)}`;
    if (!pathItem) continue;
    for (const [key, operation] of Object.entries(pathItem)) {
      if (['head', 'options', 'trace'].includes(key))
        report.add('method', `${key.toUpperCase()} ${path}: not imported (svc sends GET, POST, PUT, PATCH and DELETE)`, `${at}/${key}`, '*');
      if (!Object.hasOwn(METHODS, key) || operation === null || typeof operation !== 'object') continue;
      if (!path.startsWith('/')) {
        report.add('path', `${JSON.stringify(path)} does not start with "/": not imported`, at, '*');
        continue;
      }
      const problem = pathTemplateProblem(path);
      if (problem) throw new ImportRefusal(`the path ${JSON.stringify(path)} ${problem}`);
      located.push({ path, method: key, pathItem, operation: operation as Node, where: { pathItem: at, operation: `${at}/${key}` } });
    }
  }
  return located;
}

/**
 * The areas an import of `description` writes (after `--areas` and `--rename`), refusing as the
 * import would; the areas imported before and not among these are kept beside them.
 */
export function areasToWrite(description: Description, options: Pick<ImportOptions, 'areas' | 'renames'>): Set<string> {
  return new Set(chooseOperations(description.document, new ImportReport(), options).map((item) => item.area));
}

/** Every operation of the document, with its area and id, of the areas asked for (`--areas`, `--rename`). */
function chooseOperations(document: Node, report: ImportReport, options: Pick<ImportOptions, 'areas' | 'renames'>) {
  const all = locateOperations(document, report).map((located) => ({ located, ...identify(located, options.renames) }));
  return checkAreas(all, options.areas, options.renames);
}

/** One area of a description, mapped: its operations, and the named schemas their trees refer to. */
export interface MappedArea {
  area: string;
  /** Its name from its tag, before `--rename`: what `--areas` names it by. */
  source: string;
  summary: string;
  entries: Entry[];
  named: NamedSchemas;
  /** Registry modules the schemas use, and the names from each (`{ 'rules.js': ['atLeastOneOf'] }`). */
  helpers: Record<string, string[]>;
}

export interface MappedDescription {
  areas: MappedArea[];
  report: ImportReport;
  operations: number;
  /** The description's title and version (its `info`), as text. */
  title: string;
  version: string;
}

/**
 * Maps the areas asked for of a description (`--areas`, `--rename`), refusing with an ImportRefusal
 * what the registry would refuse: what the importer writes as files and `svc areas add` stores.
 */
export function mapDescription(description: Description, options: Omit<ImportOptions, 'importedBefore'>): MappedDescription {
  const { document, dialect } = description;
  const report = new ImportReport();
  reportDocument(document, report);
  const chosen = chooseOperations(document, report, options);
  const throttling = documentThrottling(document, options.throttlesBeforeApplying ?? api.throttlesBeforeApplying, report);
  checkIds(chosen, options.handWritten, options.keptOperations, options.wording);
  checkHandWrittenAreas(chosen, options.handWritten, options.wording);
  const info = (document.info ?? {}) as Node;
  const byArea = new Map<string, typeof chosen>();
  for (const item of chosen) byArea.set(item.area, [...(byArea.get(item.area) ?? []), item]);
  const areas = [...byArea.keys()].sort().map((area): MappedArea => {
    // The sentence of an at-least-one rule comes from the operation's x-svc-rules when it has one.
    const rules = { current: [] as FieldRule[] };
    const writer = new SchemaWriter({
      dialect,
      document,
      unmapped: (item) => report.add(item.construct, item.note, item.where),
      reservedNames: [areaIdentifier(area)],
      ruleDescription: (fields) => rules.current.find((rule) => rule.fields.join('\n') === fields.join('\n'))?.description,
    });
    const entries: Entry[] = byArea.get(area)!.map(({ located, ...identity }) => mapOperation(document, located, identity, writer, rules, report));
    for (const entry of entries) entry.throttlesBeforeApplying ??= throttling.inherited;
    report.current = '*';
    const source = byArea.get(area)![0]!.source;
    return { area, source, summary: areaSummary(document, entries[0]!.tag, area), entries, named: writer.named(), helpers: writer.registryImports() };
  });
  return { areas, report, operations: chosen.length, title: String(info.title ?? 'an untitled description'), version: String(info.version ?? 'unversioned') };
}

/**
 * Maps a description to registry files: `imported/<area>.ts` for each area imported now,
 * `imported/index.ts` and `imported/operations.ts` listing these and the areas imported before.
 * Throws an ImportRefusal (nothing written) for a conflict the registry would refuse.
 */
export function importDescription(description: Description, options: ImportOptions): ImportResult {
  const mapped = mapDescription(description, options);
  const header = generatedLine(mapped.title, mapped.version);
  const files = new Map<string, string>();
  const listings = new Map(options.importedBefore.map((listing) => [listing.area, listing]));
  for (const { area, summary, entries, named, helpers } of mapped.areas) {
    const declarations = declarationsSource(named);
    files.set(`${area}.ts`, areaFileSource({ header, area, summary, declarations, name: (index) => named.names[index]!, helpers, entries }));
    listings.set(area, { area, summary });
  }
  const listed = [...listings.values()].sort((a, b) => (a.area < b.area ? -1 : 1));
  files.set('index.ts', areaListSource(LISTS_HEADER, listed));
  files.set('operations.ts', operationListSource(LISTS_HEADER, listed));
  return { files, report: mapped.report, operations: mapped.operations, areas: mapped.areas.map((item) => item.area) };
}

/** The area's summary: its tag's description (first line), else the tag, else the area name. */
function areaSummary(document: Node, tag: string | undefined, area: string): string {
  const tags = Array.isArray(document.tags) ? (document.tags as Node[]) : [];
  const declared = tags.find((item) => item?.name === tag)?.description;
  if (typeof declared === 'string' && declared.trim() !== '') return declared.trim().split('\n')[0]!.replace(/\s+/g, ' ');
  return tag ?? area;
}

/**
 * The document's `x-svc-throttles-before-applying`, the API's: where it is not what the registry
 * declares for its own operations, each operation that does not say otherwise gets it (`inherited`),
 * so none changes how a 429 to it is treated.
 */
function documentThrottling(document: Node, registry: boolean, report: ImportReport): { inherited?: boolean } {
  const declared = document[THROTTLES];
  if (declared === undefined || declared === registry) return {};
  if (typeof declared !== 'boolean') {
    report.add(THROTTLES, 'malformed (see the OpenAPI export guide for its shape): left out', `#/${THROTTLES}`, '*');
    return {};
  }
  report.add(THROTTLES, `${declared}, where the registry declares ${registry}: written on each operation that does not say otherwise`, `#/${THROTTLES}`, '*');
  return { inherited: declared };
}

/** What the description says as a whole that the registry does not take from it. */
function reportDocument(document: Node, report: ImportReport): void {
  if (Array.isArray(document.servers) && document.servers.length > 0) report.add('servers', 'not kept: svc sends to its configured base URL', '#/servers', '*');
  if (document.webhooks !== undefined) report.add('webhooks', 'not imported: svc makes requests, it does not receive them', '#/webhooks', '*');
  const schemes = ((document.components as Node | undefined)?.securitySchemes ?? {}) as Node;
  for (const [name, scheme] of Object.entries(schemes)) {
    const node = scheme as Node;
    if (node?.type !== 'http' || String(node.scheme).toLowerCase() !== 'bearer') {
      report.add(
        'security scheme',
        `${JSON.stringify(name)} (${String(node?.type)}): not kept; svc sends its credential as a bearer token`,
        `#/components/securitySchemes/${escape(name)}`,
        '*',
      );
    }
  }
}

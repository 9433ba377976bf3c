// `svc areas add` and `update` once the description is read: the importer's checks and mapping
// (src/openapi/import/, as `npm run registry:import` does them), every operation then built back
// from what will be stored and checked as the registry checks its own, and the store changed under
// its lock. A refusal writes nothing.
import { combineOperations, type Operations } from '../../registry/define.js';
import type { Clock } from '../clock.js';
import { ExitCode, SvcError } from '../errors.js';
import type { ConflictWording, HandWritten } from '../openapi/import/conflicts.js';
import { checkDocument, type Description, parseText } from '../openapi/import/description-file.js';
import { areasToWrite, mapDescription } from '../openapi/import/import-description.js';
import { checkReferences } from '../openapi/import/refs.js';
import { ImportRefusal } from '../openapi/import/refusal.js';
import type { ImportReport } from '../openapi/import/report.js';
import { VERSION } from '../version.js';
import { checkCompiled, compileArea, type CompiledArea, keptOperations } from './compile.js';
import { changeStore, readCurrentIndex } from './store-write.js';
import { STORE_FORMAT, type AreaSource, type StoredIndex } from './stored.js';

/** One description to add: its text, how messages name it, where it came from, and the areas asked for. */
export interface DescriptionToAdd {
  text: string;
  shown: string;
  source: Omit<AreaSource, 'tag'>;
  /** `--areas`: names from tags; all when absent. */
  areas?: readonly string[];
  /** `--rename tag=name`. */
  renames?: ReadonlyMap<string, string>;
}

export interface AddSettings {
  /** The profile's store folder. */
  folder: string;
  profile: string;
  /** Every operation built into svc (hand-written and imported at build time): none may be shadowed. */
  builtIn: Operations;
  now(): Date;
  clock?: Clock;
}

/** One description added: its areas and what could not be mapped exactly. */
export interface AddedDescription {
  shown: string;
  areas: string[];
  operations: number;
  report: ImportReport;
  title: string;
  version: string;
}

export interface AddOutcome {
  added: AddedDescription[];
  /** Areas that were there before and are now replaced, and where they came from. */
  replaced: { area: string; location: string }[];
  index: StoredIndex;
}

/** How refusals name svc's own operations and the areas added before. */
const wording: ConflictWording = {
  handWritten: 'built into svc',
  handWrittenShort: 'built into svc',
  kept: (id) =>
    `added before in the area ${id.slice(0, id.indexOf('_'))}; remove that area first (svc areas remove), or add it again from this description (--areas)`,
  handWrittenArea: (source) => `is built into svc; add it under another name with --rename ${source}=<name>, or leave it out with --areas`,
};

/** Runs a step of the importer: its refusal is svc's one line, exit 2, nothing stored. */
function importing<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ImportRefusal) throw new SvcError(error.message, ExitCode.usage);
    throw error;
  }
}

/** The text as an OpenAPI 3.0/3.1 description whose references all stay inside it. */
function readDescription(item: DescriptionToAdd): Description {
  return importing(() => {
    const description = checkDocument(item.shown, parseText(item.shown, item.text));
    checkReferences(description.document, item.shown);
    return description;
  });
}

const choiceOf = (item: DescriptionToAdd) => ({ ...(item.areas ? { areas: item.areas } : {}), ...(item.renames ? { renames: item.renames } : {}) });

const routesOf = (operations: Operations): HandWritten => new Map(Object.entries(operations).map(([id, op]) => [id, { method: op.method, path: op.path }]));

const isCurrent = (index: StoredIndex): boolean => index.format === STORE_FORMAT && index.svc === VERSION;

/** What to do about a store another svc compiled, before anything is added to it. */
export const staleStore = (profile: string, index: StoredIndex): string =>
  `the areas added to profile ${JSON.stringify(profile)} were compiled ${index.svc === VERSION ? 'in another layout' : `by svc ${index.svc.slice(0, 40)}`}: run \`svc areas update\` first to compile them again (or \`svc areas remove\` them)`;

/**
 * Adds descriptions to a profile's store (`svc areas add` gives one; `update` one per source) as
 * one change: each is mapped and checked against svc's built-in operations, the areas kept from
 * before and the descriptions before it, then all are written at once, or nothing is.
 */
export async function addDescriptions(settings: AddSettings, descriptions: readonly DescriptionToAdd[]): Promise<AddOutcome> {
  const read = descriptions.map((item) => ({ item, description: readDescription(item) }));
  const written = new Set(read.flatMap(({ item, description }) => [...importing(() => areasToWrite(description, choiceOf(item)))]));
  const before = readCurrentIndex(settings.folder);
  if (before && !isCurrent(before) && Object.keys(before.areas).some((area) => !written.has(area)))
    throw new SvcError(staleStore(settings.profile, before), ExitCode.usage);
  const kept = before && isCurrent(before) ? keptOperations(settings.folder, before, written) : {};
  const compiled: CompiledArea[] = [];
  const added = read.map(({ item, description }): AddedDescription => {
    const earlier = Object.assign({}, kept, ...compiled.map((area) => area.operations)) as Operations;
    const mapped = importing(() =>
      mapDescription(description, { ...choiceOf(item), handWritten: routesOf(settings.builtIn), keptOperations: routesOf(earlier), wording }),
    );
    for (const area of mapped.areas) compiled.push(compileArea(area, { ...item.source, tag: area.source }, mapped));
    return {
      shown: item.shown,
      areas: mapped.areas.map((area) => area.area),
      operations: mapped.operations,
      report: mapped.report,
      title: mapped.title,
      version: mapped.version,
    };
  });
  checkCompiled(settings.builtIn, kept, compiled);
  let replaced: AddOutcome['replaced'] = [];
  const index = await changeStore(
    settings.folder,
    (current) => {
      if (current && !isCurrent(current) && Object.keys(current.areas).some((area) => !written.has(area)))
        throw new SvcError(staleStore(settings.profile, current), ExitCode.usage);
      // Another `svc areas` may have changed the store since it was read: what it keeps is checked again.
      if (current && isCurrent(current)) keptAgain(settings, kept, keptOperations(settings.folder, current, written), compiled);
      replaced = [...written]
        .filter((area) => current && Object.hasOwn(current.areas, area))
        .map((area) => ({ area, location: current!.areas[area]!.source.location }));
      const at = settings.now().toISOString();
      return { write: compiled.map((area) => ({ content: area.content, listing: { ...area.listing, added: at } })), remove: [] };
    },
    settings.clock,
  );
  return { added, replaced, index };
}

/** The areas kept, as read under the lock: when another svc changed them meanwhile, the new operations are checked against them again. */
function keptAgain(settings: AddSettings, before: Operations, now: Operations, compiled: CompiledArea[]): void {
  const same =
    Object.keys(before).length === Object.keys(now).length && Object.entries(now).every(([id, op]) => before[id] === op || sameRoute(before[id], op));
  if (same) return;
  try {
    combineOperations(settings.builtIn, now, ...compiled.map((area) => area.operations));
  } catch (error) {
    throw new SvcError(`another svc changed the added areas meanwhile: ${(error as Error).message.replace(/\.$/, '')}; nothing was added`, ExitCode.usage);
  }
}

const sameRoute = (a: { method: string; path: string } | undefined, b: { method: string; path: string }): boolean =>
  a?.method === b.method && a.path === b.path;

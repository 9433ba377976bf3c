import { areaOf } from '../../../registry/define.js';
import { checkCommandNames } from '../../../registry/command-names.js';
import { BUILTIN_COMMANDS, HELP_TOPICS } from './names.js';
import type { Identity, Located } from './operation-entry.js';
import { ImportRefusal } from './refusal.js';

/** The operations written by hand in the registry folder: id -> method and path. */
export type HandWritten = ReadonlyMap<string, { method: string; path: string }>;

/**
 * How a refusal names what an import must not clash with: for the importer, the registry's
 * hand-written operations and the areas imported before; for `svc areas add`, svc's built-in
 * operations and the areas added before.
 */
export interface ConflictWording {
  /** Where a hand-written operation is: `written by hand in the registry`. */
  handWritten: string;
  /** The same, in a parenthesis after its method and path: `written by hand`. */
  handWrittenShort: string;
  /** An operation of an area kept from before, after its id, method and path: what it is and the way out. */
  kept(id: string): string;
  /** The ways out of an area named like a hand-written one, `source` its name from its tag. */
  handWrittenArea(source: string): string;
}

/** The importer's wording, `folder` the imported areas' folder as the user names it. */
export const importerWording = (folder = 'registry/imported'): ConflictWording => ({
  handWritten: 'written by hand in the registry',
  handWrittenShort: 'written by hand',
  kept: (id) =>
    `imported before into the area ${areaOf(id)} and kept by this import; delete ${folder}/${areaOf(id)}.ts first, or, if the description still has that area, import it again too (--areas)`,
  handWrittenArea: (source) =>
    `is written by hand in the registry; name it otherwise with --rename ${source}=<name>, leave it out with --areas, or move its hand-written operations out first`,
});

type Identified = Identity & { located: Located };

const route = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^{}]*\}/g, '{}')}`;
const named = (item: Identified): string => `${item.id} (${item.located.method.toUpperCase()} ${item.located.path})`;

/**
 * The operations of the areas asked for (`--areas`, else all; names from tags), refusing an unknown
 * area name and an area named (after `--rename`) like a built-in command or a help topic.
 */
export function checkAreas<T extends Identified>(all: T[], wanted: readonly string[] | undefined, renames: ReadonlyMap<string, string> = new Map()): T[] {
  const present = [...new Set(all.map((item) => item.source))].sort();
  for (const name of [...(wanted ?? []), ...renames.keys()]) {
    if (!present.includes(name)) throw new ImportRefusal(`the description has no area ${JSON.stringify(name)}; its areas are ${present.join(', ') || 'none'}`);
  }
  const chosen = wanted ? all.filter((item) => wanted.includes(item.source)) : all;
  if (chosen.length === 0) throw new ImportRefusal('the description has no operation to import');
  const areas = new Set(chosen.map((item) => item.area));
  const sources = new Set(chosen.map((item) => item.source));
  // The way out names the area as the description does: --rename and --areas read names from tags.
  const taken = (what: string, name: string): ImportRefusal => {
    const source = [...renames].find(([, to]) => to === name)?.[0] ?? name;
    const others = [...sources].filter((area) => area !== source).join(',');
    // Leaving out the description's only area leaves nothing to import: then --rename is the way out.
    const leaveOut = others ? `, or leave it out with --areas (${others})` : '';
    return new ImportRefusal(`the area ${JSON.stringify(name)} has the name of ${what}; name it otherwise with --rename ${source}=<name>${leaveOut}`, 1);
  };
  const builtin = BUILTIN_COMMANDS.find((name) => areas.has(name));
  if (builtin) throw taken(`the built-in command svc ${builtin}`, builtin);
  const topic = HELP_TOPICS.find((name) => areas.has(name));
  if (topic) throw taken(`the help topic svc help ${topic}`, topic);
  return chosen;
}

/**
 * Refuses, in one line naming both, two operations with one id or one method and path, an id or
 * a route that a hand-written operation has or an operation of an area imported before and kept
 * (`kept`: one not imported again now), an id whose words begin another's (a command
 * cannot also be a group), and what svc refuses when it loads the registry: two commands whose
 * words make one man page name, two operations with one OpenAPI component name.
 */
export function checkIds(chosen: Identified[], handWritten: HandWritten, kept: HandWritten = new Map(), wording: ConflictWording = importerWording()): void {
  const ids = new Map<string, Identified>();
  const routes = new Map<string, string>([
    ...[...handWritten].map(([id, op]): [string, string] => [route(op.method, op.path), `${id} (${op.method} ${op.path}, ${wording.handWrittenShort})`]),
    // An area imported before under another name (an earlier --rename) is kept, not replaced: its file must go first.
    ...[...kept].map(([id, op]): [string, string] => [route(op.method, op.path), `${id} (${op.method} ${op.path}), ${wording.kept(id)}`]),
  ]);
  for (const item of chosen) {
    const hand = handWritten.get(item.id);
    if (hand) throw new ImportRefusal(`${named(item)} has the id of ${item.id} (${hand.method} ${hand.path}), ${wording.handWritten}`, 1);
    const twin = ids.get(item.id);
    if (twin) throw new ImportRefusal(`${named(item)} and ${named(twin)} map to one id; give one of them another operationId`, 1);
    ids.set(item.id, item);
    const key = route(item.located.method, item.located.path);
    const other = routes.get(key);
    if (other) throw new ImportRefusal(`${named(item)} has the method and path of ${other}`, 1);
    routes.set(key, named(item));
  }
  const every = new Set([...ids.keys(), ...handWritten.keys(), ...kept.keys()]);
  for (const id of every) {
    const words = id.split('_');
    for (let n = 2; n < words.length; n++) {
      const group = words.slice(0, n).join('_');
      if (every.has(group)) throw new ImportRefusal(`${group} would be both a command and the group of ${id}; give one of them another operationId`, 1);
    }
  }
  // The names svc itself checks when it loads the registry: two commands with one man page, two operations with one OpenAPI component name.
  try {
    checkCommandNames(every, 'import the area under another name with --rename, or give the operation another operationId');
  } catch (error) {
    throw new ImportRefusal((error as Error).message, 1);
  }
}

/** Refuses an area that is written by hand in the registry (its entries would be shadowed by the imported ones). */
export function checkHandWrittenAreas(chosen: Identified[], handWritten: HandWritten, wording: ConflictWording = importerWording()): void {
  const handAreas = new Set([...handWritten.keys()].map((id) => id.slice(0, id.indexOf('_'))));
  const clash = chosen.find((item) => handAreas.has(item.area));
  if (clash) throw new ImportRefusal(`the area ${JSON.stringify(clash.area)} ${wording.handWrittenArea(clash.source)}`, 1);
}

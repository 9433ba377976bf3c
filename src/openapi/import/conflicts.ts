import { BUILTIN_COMMANDS, HELP_TOPICS } from './names.js';
import type { Located } from './operation-entry.js';
import { ImportRefusal } from './refusal.js';

/** The operations written by hand in the registry folder: id -> method and path. */
export type HandWritten = ReadonlyMap<string, { method: string; path: string }>;

interface Identified {
  located: Located;
  area: string;
  id: string;
}

const route = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^{}]*\}/g, '{}')}`;
const named = (item: Identified): string => `${item.id} (${item.located.method.toUpperCase()} ${item.located.path})`;

/**
 * The operations of the areas asked for (`--areas`, else all), refusing an unknown area name and
 * an area named like a built-in command or a help topic.
 */
export function checkAreas<T extends Identified>(all: T[], wanted: readonly string[] | undefined): T[] {
  const present = [...new Set(all.map((item) => item.area))].sort();
  for (const name of wanted ?? []) {
    if (!present.includes(name)) throw new ImportRefusal(`the description has no area ${JSON.stringify(name)}; its areas are ${present.join(', ') || 'none'}`);
  }
  const chosen = wanted ? all.filter((item) => wanted.includes(item.area)) : all;
  if (chosen.length === 0) throw new ImportRefusal('the description has no operation to import');
  const areas = new Set(chosen.map((item) => item.area));
  const others = (name: string) => [...areas].filter((area) => area !== name).join(',');
  const builtin = BUILTIN_COMMANDS.find((name) => areas.has(name));
  if (builtin) {
    throw new ImportRefusal(
      `the area ${JSON.stringify(builtin)} has the name of the built-in command svc ${builtin}; leave it out with --areas (${others(builtin)})`,
      1,
    );
  }
  const topic = HELP_TOPICS.find((name) => areas.has(name));
  if (topic)
    throw new ImportRefusal(
      `the area ${JSON.stringify(topic)} has the name of the help topic svc help ${topic}; leave it out with --areas (${others(topic)})`,
      1,
    );
  return chosen;
}

/**
 * Refuses, in one line naming both, two operations with one id or one method and path, an id or
 * a route that a hand-written operation has, and an id whose words begin another's (a command
 * cannot also be a group).
 */
export function checkIds(chosen: Identified[], handWritten: HandWritten): void {
  const ids = new Map<string, Identified>();
  const routes = new Map<string, string>([...handWritten].map(([id, op]) => [route(op.method, op.path), `${id} (${op.method} ${op.path}, written by hand)`]));
  for (const item of chosen) {
    const hand = handWritten.get(item.id);
    if (hand) throw new ImportRefusal(`${named(item)} has the id of ${item.id} (${hand.method} ${hand.path}), written by hand in the registry`, 1);
    const twin = ids.get(item.id);
    if (twin) throw new ImportRefusal(`${named(item)} and ${named(twin)} map to one id; give one of them another operationId`, 1);
    ids.set(item.id, item);
    const key = route(item.located.method, item.located.path);
    const other = routes.get(key);
    if (other) throw new ImportRefusal(`${named(item)} has the method and path of ${other}`, 1);
    routes.set(key, named(item));
  }
  const every = new Set([...ids.keys(), ...handWritten.keys()]);
  for (const id of every) {
    const words = id.split('_');
    for (let n = 2; n < words.length; n++) {
      const group = words.slice(0, n).join('_');
      if (every.has(group)) throw new ImportRefusal(`${group} would be both a command and the group of ${id}; give one of them another operationId`, 1);
    }
  }
}

/** Refuses an area that is written by hand in the registry (its entries would be shadowed by the imported ones). */
export function checkHandWrittenAreas(chosen: Identified[], handWritten: HandWritten): void {
  const handAreas = new Set([...handWritten.keys()].map((id) => id.slice(0, id.indexOf('_'))));
  const clash = [...new Set(chosen.map((item) => item.area))].find((area) => handAreas.has(area));
  if (clash)
    throw new ImportRefusal(
      `the area ${JSON.stringify(clash)} is written by hand in the registry; leave it out with --areas, or move its hand-written operations out first`,
      1,
    );
}

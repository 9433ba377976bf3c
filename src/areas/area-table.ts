import { type AreaEntry, areas as builtInAreas } from '../../registry/areas.js';
import { combineOperations, type Operations } from '../../registry/define.js';
import { readAddedAreas } from './added-areas.js';

/** svc's own areas and a profile's added ones, by name, and a way to say what could not be used. */
export interface AreaTable {
  /** Built-in areas first, then the added ones (no prototype). */
  areas: Record<string, AreaEntry>;
  /** The names of the added areas among them. */
  added: ReadonlySet<string>;
}

/** Names an added area never takes: svc's own areas, and what `taken` adds (the command line's commands). */
const takenBy = (taken: (name: string) => boolean) => (name: string) => Object.hasOwn(builtInAreas, name) || taken(name);

/**
 * svc's areas and those added to `profile` (svc areas add), for the commands about every area and
 * operation: `svc ops`, completion, the reference, the export, the mock and the MCP server. A store
 * that cannot be used is one line to `notice`, and the built-in areas are the table.
 */
export function areaTable(
  env: Record<string, string | undefined>,
  profile: string,
  notice: (line: string) => void,
  taken: (name: string) => boolean = () => false,
): AreaTable {
  const added = readAddedAreas(env, profile, takenBy(taken));
  if (added.notice) notice(added.notice);
  const areas: Record<string, AreaEntry> = Object.assign(Object.create(null) as object, builtInAreas, added.areas);
  return { areas, added: new Set(Object.keys(added.areas)) };
}

/**
 * Every operation of a table's areas, joined (refusing a duplicate id or route). An added area whose
 * file cannot be read is left out, with its one line to `notice`; a built-in one that fails is svc's bug.
 */
export async function loadTableOperations(table: AreaTable, notice: (line: string) => void): Promise<Operations> {
  const loaded = await Promise.all(
    Object.entries(table.areas).map(async ([name, area]) => {
      if (!table.added.has(name)) return area.load();
      try {
        const operations = await area.load();
        // Each operation of an added area is read when first asked for: read them all here, where one that cannot be is left out.
        for (const op of Object.values(operations)) void op;
        return operations;
      } catch (error) {
        notice((error as Error).message);
        return {};
      }
    }),
  );
  return combineOperations(...loaded);
}

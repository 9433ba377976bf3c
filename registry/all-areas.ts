import { type AreaEntry, areas } from './areas.js';
import { combineOperations, type Operations } from './define.js';

/**
 * Every operation of every area declared in registry/areas.ts, each area loaded, then joined
 * (refusing a duplicate). For the commands about the whole registry: `svc ops`, completion, the
 * export and the mock.
 */
export async function loadAllOperations(from: Record<string, AreaEntry> = areas): Promise<Operations> {
  const loaded = await Promise.all(Object.values(from).map((area) => area.load()));
  return combineOperations(...loaded);
}

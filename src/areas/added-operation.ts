import { areas as builtInAreas } from '../../registry/areas.js';
import type { OperationSpec, Operations } from '../../registry/define.js';
import { readAddedAreas } from './added-areas.js';

/** Where the library looks for added areas: svc's config folder (SVC_CONFIG_DIR, else the platform's) and a profile. */
export interface AddedAreasOptions {
  profile?: string;
  env?: Record<string, string | undefined>;
}

/**
 * The library's reader of the areas `svc areas add` added to a profile: an operation by id, or why
 * there is none. The index is read on the first call that needs it, each area's file once.
 */
export function addedOperationFinder(options: AddedAreasOptions): (id: string) => Promise<OperationSpec | string> {
  const env = options.env ?? process.env;
  const profile = options.profile ?? (env.SERVICE_PROFILE || 'default');
  let store: ReturnType<typeof readAddedAreas> | undefined;
  const loaded = new Map<string, Promise<Operations>>();
  return async (id) => {
    store ??= readAddedAreas(env, profile, (name) => Object.hasOwn(builtInAreas, name));
    const area = id.includes('_') ? id.slice(0, id.indexOf('_')) : id;
    const entry = Object.hasOwn(store.areas, area) ? store.areas[area]! : undefined;
    if (!entry) return store.notice ?? `no operation ${JSON.stringify(id)} in svc's registry or the areas added to profile ${JSON.stringify(profile)}`;
    let operations = loaded.get(area);
    if (!operations) loaded.set(area, (operations = entry.load()));
    try {
      const found = await operations;
      return Object.hasOwn(found, id) ? found[id]! : `the added area ${area} has no operation ${JSON.stringify(id)}`;
    } catch (error) {
      loaded.delete(area);
      return (error as Error).message;
    }
  };
}

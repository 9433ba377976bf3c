import { loadAllOperations } from '../../../registry/all-areas.js';
import type { AreaEntry } from '../../../registry/areas.js';
import type { Operations } from '../../../registry/define.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../../core/context.js';
import { buildFullTree } from '../full-tree.js';
import { type ReferenceModel, readReference } from './model.js';

/**
 * The reference of every command svc has; `ctx` is only held by the commands, never used. The
 * operations are read from the same areas as the tree, so every operation's page is described.
 * svc's own areas (the manual), or these with their operations (`svc help reference`: the profile's added ones too).
 */
export async function readFullReference(
  ctx: Context,
  builtins: Builtins,
  added?: { areas: Record<string, AreaEntry>; operations: Operations },
): Promise<ReferenceModel> {
  return readReference(await buildFullTree(ctx, builtins, added?.areas), added?.operations ?? (await loadAllOperations()));
}

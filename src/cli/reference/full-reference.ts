import { loadAllOperations } from '../../../registry/all-areas.js';
import type { Builtins } from '../builtin-entry.js';
import type { Context } from '../../core/context.js';
import { buildFullTree } from '../full-tree.js';
import { type ReferenceModel, readReference } from './model.js';

/**
 * The reference of every command svc has; `ctx` is only held by the commands, never used. The
 * operations are read from the same areas as the tree, so every operation's page is described.
 */
export async function readFullReference(ctx: Context, builtins: Builtins): Promise<ReferenceModel> {
  return readReference(await buildFullTree(ctx, builtins), await loadAllOperations());
}

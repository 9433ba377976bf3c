import type { Command } from 'commander';
import { type AreaEntry, areas as builtInAreas } from '../../registry/areas.js';
import type { Builtins } from './builtin-entry.js';
import type { Context } from '../core/context.js';
import { createRootProgram } from './program.js';
import { addAreaCommands } from './tree.js';

/**
 * Every command svc has, areas and builtins alike, on a fresh root: the tree `--help` reads one
 * branch of, whole. Completion and the reference manual walk it; nothing on it is ever run.
 * `areas`: svc's own by default; completion and `svc help reference` give the profile's added ones too.
 */
export async function buildFullTree(ctx: Context, builtins: Builtins, areas: Record<string, AreaEntry> = builtInAreas): Promise<Command> {
  const root = createRootProgram(ctx);
  for (const [name, area] of Object.entries(areas)) addAreaCommands(root, name, area.summary, await area.load(), ctx);
  for (const builtin of Object.values(builtins)) (await builtin.load()).register(root, ctx, builtins);
  return root;
}

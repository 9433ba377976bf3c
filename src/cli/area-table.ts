import type { Command } from 'commander';
import { type AreaTable, areaTable, loadTableOperations } from '../areas/area-table.js';
import type { Operations } from '../../registry/define.js';
import { type GlobalOptions, profileName } from '../config/target.js';
import type { Context } from '../core/context.js';
import { terminalSafeLine } from '../output/terminal-safe.js';
import type { Builtins } from './builtin-entry.js';

/**
 * svc's areas and those added to the profile the command line names (`svc areas add`), for the
 * commands about every area: a store that cannot be used is one warning on stderr, and the built-in
 * areas are the table. `builtins`: names an added area never shadows.
 */
export function cliAreaTable(ctx: Context, command: Command, builtins?: Builtins): AreaTable {
  const profile = profileName(ctx, command.optsWithGlobals<GlobalOptions>());
  return areaTable(ctx.env, profile, warn(ctx), (name) => (builtins ? Object.hasOwn(builtins, name) : false));
}

/** Every operation of the table's areas; an added area that cannot be read is left out, with one warning. */
export const loadCliOperations = (ctx: Context, table: AreaTable): Promise<Operations> => loadTableOperations(table, warn(ctx));

const warn = (ctx: Context) => (line: string) => ctx.io.err(`svc: warning: ${terminalSafeLine(line)}\n`);

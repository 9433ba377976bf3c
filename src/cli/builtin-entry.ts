import type { Command } from 'commander';
import type { Context } from '../core/context.js';

/**
 * One command that is not an API operation. Its module gets the whole table when it registers, so
 * the commands that walk every command (help, completion) need not import the table that loads them.
 */
export interface BuiltinEntry {
  summary: string;
  /** Loaded only when argv names it. */
  load(): Promise<{ register(program: Command, ctx: Context, builtins: Builtins): void }>;
}

export type Builtins = Record<string, BuiltinEntry>;

import type { Command } from 'commander';
import type { Context } from './context.js';

export interface BuiltinEntry {
  summary: string;
  /** Loaded only when argv names it. */
  load(): Promise<{ register(program: Command, ctx: Context): void }>;
}

/** Commands that are not API operations. */
export const builtins: Record<string, BuiltinEntry> = {
  auth: { summary: 'Sign in with an agent session token, show or remove it', load: () => import('./commands/auth.js') },
  config: { summary: 'Show and change per-profile settings such as base-url', load: () => import('./commands/config.js') },
  mock: { summary: 'Run a local, stateful Workspace API service for demos, tests and scripts', load: () => import('./commands/mock.js') },
};

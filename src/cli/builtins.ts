import type { Builtins } from './builtin-entry.js';

export type { BuiltinEntry, Builtins } from './builtin-entry.js';

/** Commands that are not API operations. */
export const builtins: Builtins = {
  auth: { summary: 'Sign in with an agent session token, show or remove it', load: () => import('./commands/auth.js') },
  config: { summary: 'Show and change per-profile settings such as base-url', load: () => import('./commands/config.js') },
  ops: { summary: 'List the operations, or show one in full: arguments, flags, schemas, examples', load: () => import('./commands/ops.js') },
  api: { summary: 'Call any endpoint under the base URL with the same credentials and output', load: () => import('./commands/api.js') },
  openapi: { summary: 'Print an OpenAPI 3.1 document generated from the registry', load: () => import('./commands/openapi.js') },
  completion: { summary: 'Print a completion script for bash, zsh, fish or PowerShell', load: () => import('./commands/completion.js') },
  areas: { summary: 'Add areas of the service from an OpenAPI description, list, update and remove them', load: () => import('./commands/areas.js') },
  alias: { summary: 'Create, list and delete aliases: short names for longer command lines', load: () => import('./commands/alias.js') },
  help: { summary: 'Show help for a command, or every command as Markdown (svc help reference)', load: () => import('./commands/help.js') },
  mock: { summary: 'Run a local, stateful Workspace API service for demos, tests and scripts', load: () => import('./commands/mock.js') },
  mcp: { summary: 'Serve the API operations to an AI agent as a Model Context Protocol server', load: () => import('./commands/mcp.js') },
};

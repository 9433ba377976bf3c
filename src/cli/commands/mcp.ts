import { type Command, Option } from 'commander';
import type { GlobalOptions } from '../../config/target.js';
import { SvcError, InputError, usageError } from '../../errors.js';
import type { McpFlags, McpProcess } from '../../mcp/serve.js';
import type { Context } from '../../core/context.js';

const description = 'Serve the API operations to an AI agent as a Model Context Protocol server (stdio, or --http)';

/** `svc mcp` and `svc mcp tools`; the server's modules (and the MCP SDK) load only for them. */
export function register(program: Command, ctx: Context): void {
  program
    .command('mcp')
    .description(description)
    .argument('[tools]', 'instead of serving, list the tools it would serve with these options, and the size of tools/list')
    .addOption(
      new Option('--mode <mode>', 'tools: one tool per operation; discover: search, describe and call (env SVC_MCP_MODE)').choices(['tools', 'discover']),
    )
    .option('--read-only', 'serve only the operations that read (env SVC_MCP_READ_ONLY=1)')
    .option('--areas <list>', 'serve only these areas, comma-separated (env SVC_MCP_AREAS)')
    .option('--tools <list>', 'serve only these tools, comma-separated, besides any --areas (env SVC_MCP_TOOLS)')
    .option('--exclude-tools <list>', 'never serve these tools (env SVC_MCP_EXCLUDE_TOOLS)')
    .option('--http', 'serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio')
    .option('--port <port>', 'port for --http; 0 picks a free port (default 4020)')
    .option('--host <host>', 'address for --http (default 127.0.0.1); another needs SVC_MCP_TOKEN')
    .option('--allow-destructive', 'send destructive calls when the client cannot ask its user (it never asks: use with care)')
    .option('--json', 'with tools: print tools/list as the server sends it')
    .addHelpText('after', helpText())
    .action(async (what: string | undefined, flags: McpFlags & { json?: boolean }, command: Command) => {
      if (what !== undefined && what !== 'tools') throw usageError(`svc mcp takes no argument but tools, not "${what}"`);
      if (flags.json && what === undefined) throw usageError('--json goes with svc mcp tools');
      // Built as a script of its own (dist/mcp.cjs), with its own copy of the error classes.
      const serve = await import('../../mcp/serve.js');
      const globals = command.optsWithGlobals<GlobalOptions>();
      try {
        if (what === 'tools') return await serve.printTools(processOf(ctx), flags, globals, flags.json === true);
        await serve.runMcpServer(processOf(ctx), flags, globals);
      } catch (error) {
        throw asOwnError(error);
      }
    });
}

/** An error of the server's script as the project's own class: bad input exits 2, a SvcError keeps its code. */
function asOwnError(error: unknown): unknown {
  if (error instanceof SvcError || error instanceof InputError || !(error instanceof Error)) return error;
  if (error.name === 'InputError') return usageError(error.message);
  const exitCode = (error as { exitCode?: unknown }).exitCode;
  return error.name === 'SvcError' && typeof exitCode === 'number' ? new SvcError(error.message, exitCode) : error;
}

/** The context's parts the server uses; standard output is the protocol's in stdio mode. */
function processOf(ctx: Context): McpProcess {
  const secrets = ctx.secrets!;
  return {
    env: ctx.env,
    config: ctx.config,
    send: ctx.send,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
    get signal() {
      return ctx.signal;
    },
    secrets: { add: secrets.add, redact: secrets.redact, redactValue: (value) => secrets.redactValue(value) },
    err: (text) => ctx.io.err(text),
    out: (text) => ctx.io.out(text),
    stdinClosed: async () => {
      const stdin = (await import('../../core/process-stdin.js')).processStdin();
      return new Promise((resolve) => {
        stdin.once('end', () => resolve());
        stdin.once('close', () => resolve());
      });
    },
  };
}

function helpText(): string {
  return [
    '',
    'Register it with an MCP client (the command it runs, and its environment):',
    '  command: svc   args: ["mcp"]   env: { "SERVICE_API_KEY": "…" }',
    '',
    'Examples:',
    '  svc mcp',
    '  svc mcp --read-only --areas email,crm',
    '  svc mcp --mode discover',
    '  svc mcp --http --port 4020',
    '  svc mcp tools',
    '',
  ].join('\n');
}

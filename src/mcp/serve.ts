import { randomBytes } from 'node:crypto';
import { areaTable, loadTableOperations } from '../areas/area-table.js';
import { NUMERIC_OPTIONS, parseNumericOption } from '../config/numeric-options.js';
import { type GlobalOptions, profileName, resolveTarget } from '../config/target.js';
import { SvcError, ExitCode, InputError } from '../errors.js';
import { DestructiveGate } from './destructive-gate.js';
import { isLoopback, serveHttp } from './http-server.js';
import { createMcpServer, listedTools, type ToolMode } from './mcp-server.js';
import type { CallDeps } from './operation-call.js';
import type { ServeDeps, ServeSettings } from './tool-call.js';
import { processStdin } from '../core/process-stdin.js';
import { StdioLines } from './stdio-lines.js';
import { operationTools } from './tool-catalog.js';
import { checkFilterNames, type FilterFlags, readToolFilter } from './tool-filter.js';

/** The flags of `svc mcp` and `svc mcp tools`. */
export interface McpFlags extends FilterFlags {
  mode?: string;
  http?: boolean;
  port?: string;
  host?: string;
  allowDestructive?: boolean;
}

/** The process as the server sees it: settings, transport, redacted stderr and stdout, the stop signal. */
export interface McpProcess extends CallDeps {
  env: Record<string, string | undefined>;
  secrets: { add(secret: string): void; redact(text: string): string; redactValue<T>(value: T): T };
  /** Standard error, redacted and made safe; the MCP messages own standard output in stdio mode. */
  err(text: string): void;
  out(text: string): void;
  /** Resolves when the client closes standard input (stdio mode's end). */
  stdinClosed(): Promise<void>;
}

/** tools/list stays under this many bytes (about 2,000 tokens) for the whole registry; a test holds it there. */
export const TOOLS_LIST_BUDGET_BYTES = 8 * 1024;

const DEFAULT_PORT = 4020;

/** Reads the flags and the registry into the server's settings; a bad flag or name fails here, in one line. */
export async function prepareSettings(proc: McpProcess, flags: McpFlags, globals: GlobalOptions): Promise<{ settings: ServeSettings; mode: ToolMode }> {
  const mode = flags.mode ?? proc.env.SVC_MCP_MODE ?? 'tools';
  if (mode !== 'tools' && mode !== 'discover') throw new InputError(`--mode must be tools or discover, not "${mode}"`);
  const filter = readToolFilter(flags, proc.env);
  // The areas added to the profile (svc areas add) are tools too; a store that cannot be used is one line.
  const notice = (line: string) => proc.err(`svc mcp: warning: ${oneLine(line)}\n`);
  const table = areaTable(proc.env, profileName(proc, globals), notice);
  const tools = operationTools(await loadTableOperations(table, notice));
  checkFilterNames(filter, tools, Object.keys(table.areas));
  return { settings: { tools, filter, allowDestructive: flags.allowDestructive === true, globals, gate: new DestructiveGate() }, mode };
}

/** `svc mcp`: serves until the client closes standard input (stdio) or a stop signal (both). */
/** `1 tool`, `6 tools`. */
const toolCount = (count: number): string => `${count} tool${count === 1 ? '' : 's'}`;

export async function runMcpServer(proc: McpProcess, flags: McpFlags, globals: GlobalOptions): Promise<void> {
  if (!flags.http && (flags.port !== undefined || flags.host !== undefined)) throw new InputError('--port and --host go with --http');
  const { settings, mode } = await prepareSettings(proc, flags, globals);
  const target = await resolveTarget(proc, globals, { needCredential: false });
  if (!target.credential) proc.err('svc mcp: warning: no credential: set SERVICE_API_KEY or run `svc auth login`; every call fails until then\n');
  const deps: ServeDeps = { ...proc, redaction: { text: proc.secrets.redact, value: proc.secrets.redactValue }, audit: proc.err };
  const factory = ({ era }: { era: 'legacy' | 'modern' }) => createMcpServer(settings, deps, mode, era);
  const served = listedTools(settings, mode).length;
  if (!flags.http) {
    const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
    const transport = new StdioLines(processStdin(), process.stdout, proc.err);
    const handle = serveStdio(factory, { transport, onerror: (error) => proc.err(`svc mcp: ${oneLine(error.message)}\n`) });
    proc.err(`svc mcp: serving ${toolCount(served)} over stdio (${target.baseUrl})\n`);
    await Promise.race([proc.stdinClosed(), stopped(proc.signal)]);
    await handle.close();
    return;
  }
  const host = flags.host ?? '127.0.0.1';
  const token = httpToken(proc, host);
  const port = flags.port === undefined ? DEFAULT_PORT : parseNumericOption(flags.port, NUMERIC_OPTIONS.port);
  const endpoint = await serveHttp(factory, { host, port, token: token.value }).catch((error: NodeJS.ErrnoException) => {
    throw new SvcError(
      `cannot listen on ${host}:${port}: ${error.code === 'EADDRINUSE' ? 'the port is in use; pick another with --port, or --port 0 for a free one' : error.message}`,
      ExitCode.network,
    );
  });
  if (token.generated) proc.err(`svc mcp: token (send it as Authorization: Bearer <token>; set SVC_MCP_TOKEN to choose it): ${token.value}\n`);
  proc.secrets.add(token.value); // printed once, above; redacted from everything after
  proc.out(`svc mcp listening on ${endpoint.url}\n`);
  proc.err(`svc mcp: serving ${toolCount(served)} over Streamable HTTP (${target.baseUrl}); press Ctrl-C to stop\n`);
  await stopped(proc.signal);
  await endpoint.close();
}

/** svc mcp's own bearer token: SVC_MCP_TOKEN, else a new random one; another host than loopback needs one given. */
function httpToken(proc: McpProcess, host: string): { value: string; generated: boolean } {
  const given = proc.env.SVC_MCP_TOKEN;
  if (given !== undefined && given !== '') {
    if (given.length < 16 || !/^[A-Za-z0-9._~+/-]+=*$/.test(given))
      throw new InputError('SVC_MCP_TOKEN must be at least 16 characters of A-Z, a-z, 0-9 and ._~+/-');
    return { value: given, generated: false };
  }
  if (!isLoopback(host)) throw new InputError(`--host ${host} serves beyond this machine: set SVC_MCP_TOKEN to a long random token first`);
  return { value: randomBytes(24).toString('base64url'), generated: true };
}

/** An error's message on one line, cut at 300 characters: an error of the SDK may be a whole validation report. */
export function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function stopped(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** `svc mcp tools`: the tools a server with these flags would list, and the size of that list. */
export async function printTools(proc: McpProcess, flags: McpFlags, globals: GlobalOptions, json: boolean): Promise<void> {
  const { settings, mode } = await prepareSettings(proc, flags, globals);
  const tools = listedTools(settings, mode);
  const bytes = Buffer.byteLength(JSON.stringify({ tools }));
  if (json) proc.out(`${JSON.stringify({ tools }, null, 2)}\n`);
  else {
    const width = Math.max(...tools.map((tool) => tool.name.length));
    for (const tool of tools)
      proc.out(`${tool.name.padEnd(width)}  ${hints(tool.annotations).padEnd(22)}  ${tool.description.replace(/ \([A-Z]+ \/[^)]*\)$/, '')}\n`);
  }
  proc.err(`${toolCount(tools.length)}; tools/list is ${bytes} bytes (about ${Math.ceil(bytes / 4)} tokens; budget ${TOOLS_LIST_BUDGET_BYTES} bytes)\n`);
}

const hints = (a: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean }): string =>
  a.readOnlyHint ? 'read-only' : a.destructiveHint ? 'destructive' : a.idempotentHint ? 'writes, idempotent' : 'writes';

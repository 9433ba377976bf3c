import { SvcError, ExitCode, InputError, usageError } from '../../errors.js';
import { parseUserJson } from '../../input/user-file.js';
import { NUMERIC_OPTIONS, parseNumericOption } from '../../config/numeric-options.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { EXAMPLE_FILES } from '../../mock/example-files.js';
import { describeFaults } from '../../mock/faults.js';
import { parseFixtures, type Fixtures } from '../../mock/fixture-schema.js';
import { parseSyncAfter } from '../../mock/draft-sync.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../../mock/server.js';
import type { Context } from '../../core/context.js';
import type { Operations } from '../../../registry/define.js';
import { MOCK_API_KEY } from '../../mock-key.js';
import { readCommandInput } from '../input-usage.js';

interface MockOptions {
  port: string;
  host: string;
  fixtures?: string;
  apiKey: string;
  latency?: string;
  pageSize?: string;
  syncAfter?: string;
  exampleFiles?: string;
}

const description = 'Run a local, stateful Workspace API service for demos, tests and scripts';

/** `svc mock`: serves the registry's operations on 127.0.0.1 until Ctrl-C. Loaded only for this command. */
export function register(program: Command, ctx: Context): void {
  program
    .command('mock')
    .description(description)
    .option('--port <port>', 'port to listen on; 0 picks a free port', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--fixtures <file.json>', 'seed the workspace from this JSON file instead of the built-in fixtures')
    .option('--api-key <key>', 'API key the service accepts (any svc_agent_ token is accepted too)', MOCK_API_KEY)
    .option('--latency <ms>', 'delay every API answer by this many milliseconds')
    .option('--page-size <n>', 'serve lists in pages of this many items, linked by Link rel="next" headers (for --paginate)')
    .option(
      '--sync-after <reads|time>',
      'a pending draft reads syncStatus "synced" after this many reads answered "pending" (default 2), or this long (3s, 500ms), or never',
    )
    .option(
      '--example-files <folder>',
      `write the input files the README's and the guides' examples read (${Object.keys(EXAMPLE_FILES).join(', ')}) into this folder, keeping any already there, and exit`,
    )
    .addHelpText('after', helpText())
    .action(async (options: MockOptions, command: Command) => {
      if (options.exampleFiles !== undefined) return writeExampleFiles(ctx, options.exampleFiles);
      const added = await addedOperations(ctx, command);
      const server = await startListening({
        ...(await readCommandInput(() => serverOptions(ctx, options))),
        ...(added ? { operations: added.operations } : {}),
      });
      announce(ctx, server);
      if (added) ctx.io.err(`Also serving the areas added to the profile (${added.areas.join(', ')}), answering with values generated from their schemas.\n`);
      await interrupted(ctx.signal);
      await server.close();
      ctx.io.err('svc mock stopped\n');
    });
}

/** The operations of svc's areas and those added to the profile, when any were added (svc areas add). */
async function addedOperations(ctx: Context, command: Command): Promise<{ operations: Operations; areas: string[] } | undefined> {
  const { cliAreaTable, loadCliOperations } = await import('../area-table.js');
  const table = cliAreaTable(ctx, command);
  return table.added.size === 0 ? undefined : { operations: await loadCliOperations(ctx, table), areas: [...table.added] };
}

async function serverOptions(ctx: Context, options: MockOptions): Promise<MockServerOptions> {
  const port = parseNumericOption(options.port, NUMERIC_OPTIONS.port);
  const apiKey = options.apiKey;
  // Bearer token characters (RFC 6750 token68), so the printed export line needs no quoting.
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(apiKey)) throw usageError(`--api-key: "${apiKey}" is not a usable bearer token`);
  const result: MockServerOptions = { port, host: options.host, apiKey };
  if (options.latency !== undefined) result.latencyMs = parseNumericOption(options.latency, NUMERIC_OPTIONS.latency);
  if (options.pageSize !== undefined) result.pageSize = parseNumericOption(options.pageSize, NUMERIC_OPTIONS.pageSize);
  if (options.syncAfter !== undefined) result.syncAfter = parseSyncAfter(options.syncAfter);
  if (options.fixtures !== undefined) result.fixtures = await readFixtures(ctx, options.fixtures);
  return result;
}

/** The state is held in memory: a fixtures file is a workspace's worth of records, not a dump. */
const MAX_FIXTURES_BYTES = 16 * 1024 * 1024;

// Every failure is one sentence naming the file, since it is the user's file that is wrong.
async function readFixtures(ctx: Context, file: string): Promise<Fixtures> {
  let json: unknown;
  try {
    json = parseUserJson(await ctx.files.readText(file, MAX_FIXTURES_BYTES), file, 'a JSON fixtures file');
  } catch (error) {
    throw error instanceof InputError ? usageError(`--fixtures: ${error.message}`) : error;
  }
  const proto = protoKeyPath(json);
  if (proto !== undefined) throw usageError(`--fixtures: ${file} holds a field named "__proto__" (at ${proto}), which the mock cannot keep as data; rename it`);
  const parsed = parseFixtures(json);
  if (!parsed.ok) throw usageError(`--fixtures: ${file} is not a fixtures file: ${parsed.message}`);
  return parsed.fixtures;
}

/**
 * Where a `__proto__` key sits in parsed JSON (`drafts.dr_1`), or undefined. JSON.parse keeps it as
 * an own field, but the fixture schema's copy would drop it silently: refuse instead.
 */
function protoKeyPath(value: unknown, path = '(top level)'): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = protoKeyPath(item, path === '(top level)' ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `--example-files <folder>`: the examples' input files, each written only where none is. */
async function writeExampleFiles(ctx: Context, folder: string): Promise<void> {
  if (folder.trim() === '') throw usageError('--example-files: give a folder, such as .');
  const written: string[] = [];
  const kept: string[] = [];
  for (const [name, text] of Object.entries(EXAMPLE_FILES)) {
    const path = folder === '.' ? name : join(folder, name);
    const made = await readCommandInput(() => ctx.files.writeNew(path, text, '--example-files'));
    (made ? written : kept).push(path);
  }
  const parts = [written.length > 0 ? `wrote ${written.join(', ')}` : '', kept.length > 0 ? `kept ${kept.join(', ')}, already there` : ''];
  const line = parts.filter(Boolean).join('; ');
  ctx.io.err(`${line[0]!.toUpperCase()}${line.slice(1)}.\n`);
}

// A taken or forbidden port is the machine's network refusing, not a malformed command line, so it
// exits with ExitCode.network (3), the code scripts already treat as "could not connect".
async function startListening(options: MockServerOptions): Promise<MockServer> {
  try {
    return await startMockServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${options.host}:${options.port}`;
    if (code === 'EADDRINUSE') {
      throw new SvcError(`cannot listen on ${where}: the port is in use; pick another with --port, or --port 0 for a free one`, ExitCode.network);
    }
    throw new SvcError(`cannot listen on ${where}: ${(error as Error).message}`, ExitCode.network);
  }
}

// Stdout is for scripts: the first line ends with the base URL, the last two can be eval'ed.
function announce(ctx: Context, server: MockServer): void {
  ctx.io.out(
    [
      `svc mock listening on ${server.url}`,
      `API key: ${server.apiKey} (any svc_agent_ token is accepted too)`,
      `export SERVICE_BASE_URL=${shellWord(server.url)}`,
      `export SERVICE_API_KEY=${server.apiKey}`,
      '',
    ].join('\n'),
  );
  ctx.io.err(`State: GET ${server.origin}/_mock/state (same bearer token). Press Ctrl-C to stop.\n`);
}

// An IPv6 base URL has brackets, which a shell would glob.
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value}'`;
}

function interrupted(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise(() => {}); // no Ctrl-C wiring: serve until the process ends
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function helpText(): string {
  return [
    '',
    'Faults: send the header x-mock-fault with one of:',
    ...describeFaults.map((line) => `  ${line}`),
    '',
    'Endpoints outside /v1 (same bearer token):',
    '  GET /_mock/state, GET /_mock/requests, POST /_mock/reset, POST /_mock/faults,',
    '  POST /_mock/drafts/<id> (create or change a draft: pending until it syncs;',
    '  ?sync=fail makes its sync end "failed")',
    '',
    'Examples:',
    '  svc mock',
    '  svc mock --port 0 --latency 50',
    '  svc mock --sync-after 3s',
    '  svc mock --fixtures ./workspace.json --api-key svc_test_key',
    '  svc mock --example-files .',
    '',
  ].join('\n');
}

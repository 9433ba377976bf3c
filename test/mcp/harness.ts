// An MCP client connected in memory (the SDK's InMemoryTransport) to svc's server, as `svc mcp`
// serves it over stdio, with the real undici transport sending to a real mock on 127.0.0.1.
import { Client, type ElicitResult, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { workspace } from '../../registry/index.js';
import { createRedactor } from '../../src/auth/redaction.js';
import type { Transport } from '../../src/client/transport.js';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import type { GlobalOptions } from '../../src/config/target.js';
import { createMcpServer } from '../../src/mcp/mcp-server.js';
import { type McpFlags, prepareSettings, type McpProcess } from '../../src/mcp/serve.js';
import type { OperationTool } from '../../src/mcp/tool-catalog.js';
import type { ServeDeps } from '../../src/mcp/tool-call.js';
import type { ProfileSettings } from '../../src/config/store.js';
import { createMemoryStore } from '../support/fake-context.js';

export interface Connected {
  client: Client;
  /** Everything the server wrote to stderr: audit lines and notes. */
  stderr: string[];
  close(): Promise<void>;
}

export interface ConnectOptions {
  env: Record<string, string | undefined>;
  flags?: McpFlags;
  globals?: GlobalOptions;
  profiles?: Record<string, ProfileSettings>;
  /** `modern`: the 2026-07-28 revision; `legacy`: 2025-11-25. */
  era?: 'legacy' | 'modern';
  /** The client's user answering a confirmation; absent, the client declares no elicitation. */
  elicit?: (message: string) => ElicitResult;
  /** The transport calls go through; the real undici transport when absent. */
  send?: Transport;
  /** Tools of operations a test declares, served in place of svc's own. */
  tools?: OperationTool[];
}

const transport = createUndiciTransport();

export function processFor(
  env: Record<string, string | undefined>,
  profiles: Record<string, ProfileSettings> = {},
  stderr: string[] = [],
  stdout: string[] = [],
): McpProcess {
  const redactor = createRedactor([env.SERVICE_API_KEY]);
  const store = createMemoryStore(profiles);
  for (const name of store.profileNames()) {
    const token = store.profile(name).token;
    if (typeof token === 'string') redactor.add(token);
  }
  return {
    env,
    config: async () => store,
    send: transport,
    secrets: { add: redactor.add, redact: redactor.text, redactValue: redactor.value },
    err: (text) => stderr.push(redactor.text(text)),
    out: (text) => stdout.push(redactor.text(text)),
    stdinClosed: () => new Promise(() => {}),
  };
}

/** A client connected in memory to a server of svc's own tools (or `options.tools`), filtered by `options.flags` as `svc mcp` filters. */
export async function connect(options: ConnectOptions): Promise<Connected> {
  const stderr: string[] = [];
  const proc = { ...processFor(options.env, options.profiles, stderr), ...(options.send ? { send: options.send } : {}) };
  const globals = options.globals ?? {};
  const prepared = await prepareSettings(proc, options.flags ?? {}, globals);
  const { mode } = prepared;
  const tools = options.tools ?? prepared.settings.tools.filter((tool) => Object.hasOwn(workspace, tool.id));
  const settings = { ...prepared.settings, tools };
  const deps: ServeDeps = { ...proc, redaction: { text: proc.secrets.redact, value: proc.secrets.redactValue }, audit: proc.err };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(({ era }) => createMcpServer(settings, deps, mode, era), { transport: serverSide });
  const client = new Client(
    { name: 'svc-test', version: '1.0.0' },
    {
      capabilities: options.elicit ? { elicitation: { form: {} } } : {},
      ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  if (options.elicit) {
    const elicit = options.elicit;
    client.setRequestHandler('elicitation/create', (request) => elicit((request.params as { message: string }).message));
  }
  await client.connect(clientSide);
  return {
    client,
    stderr,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

// A hostile or broken client never stops svc mcp serving: lines over the limit, lines that are not
// JSON or not JSON-RPC, batches; and every refusal tells the agent whether a retry can help and what would.
import { request } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { PassThrough } from 'node:stream';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { TransportError } from '../../src/client/transport.js';
import { serveHttp } from '../../src/mcp/http-server.js';
import { createMcpServer } from '../../src/mcp/mcp-server.js';
import { type McpFlags, prepareSettings } from '../../src/mcp/serve.js';
import { MAX_MESSAGE_BYTES, StdioLines } from '../../src/mcp/stdio-lines.js';
import type { ServeDeps } from '../../src/mcp/tool-call.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { type Connected, connect, processFor } from './harness.js';

const mock = useMockForSvc();
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The server's deps and a factory, as `svc mcp` builds them, against the mock on 127.0.0.1. */
async function serverParts(flags: McpFlags = {}) {
  const stderr: string[] = [];
  const proc = processFor(mock.env, {}, stderr);
  const { settings, mode } = await prepareSettings(proc, flags, {});
  const deps: ServeDeps = { ...proc, redaction: { text: proc.secrets.redact, value: proc.secrets.redactValue }, audit: proc.err };
  return { stderr, factory: ({ era }: { era: 'legacy' | 'modern' }) => createMcpServer(settings, deps, mode, era) };
}

/** svc mcp over stdio, in this process: raw lines in, answers out, one per line. */
async function stdioServer() {
  const { stderr, factory } = await serverParts();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answers: Record<string, unknown>[] = [];
  let pending = '';
  const waiters: (() => void)[] = [];
  stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      answers.push(JSON.parse(pending.slice(0, end)) as Record<string, unknown>);
      pending = pending.slice(end + 1);
    }
    waiters.splice(0).forEach((wake) => wake());
  });
  const handle = serveStdio(factory, { transport: new StdioLines(stdin, stdout, (line) => stderr.push(line)) });
  closers.push(() => handle.close());
  const send = (text: string) => stdin.write(text);
  /** The answer whose id is `id` (null: an answer to a message whose id could not be read). */
  const answer = async (find: (answer: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = answers.find(find);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const byId = (id: unknown) => answer((a) => !Array.isArray(a) && a.id === id);
  send(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
  );
  await byId(1);
  send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  /** Sends tools/list with this id and waits for its answer: the server still serves. */
  const stillServes = async (id: number) => {
    send(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`);
    const listed = await byId(id);
    expect((listed.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
  };
  return { send, answers, answer, byId, stillServes, stderr };
}

describe('stdio: a hostile line is answered, and the next one served', () => {
  it(`a 24 MiB line (over the ${MAX_MESSAGE_BYTES}-byte limit) gets an Invalid Request error to its id and one line on stderr; it is never held whole`, async () => {
    const server = await stdioServer();
    const megabyte = 'a'.repeat(1024 * 1024);
    server.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"padding":"`);
    for (let i = 0; i < 24; i++) server.send(megabyte);
    server.send('"}}\n');
    const refused = await server.byId(2);
    expect(refused.error).toEqual({ code: -32600, message: `Invalid Request: the message is over svc mcp's limit of ${MAX_MESSAGE_BYTES} bytes` });
    await server.stillServes(3);
    expect(server.answers.filter((a) => a.id === 2)).toEqual([refused]);
    expect(server.stderr.filter((line) => line.includes('dropped'))).toEqual([
      `svc mcp: a message of over ${MAX_MESSAGE_BYTES} bytes (${24 * 1024 * 1024 + 70} bytes) was dropped and answered with an error\n`,
    ]);
  });

  it('the limit is exact: a message of the limit is served, one byte more is refused', async () => {
    const server = await stdioServer();
    const message = (id: number, bytes: number) => {
      const bare = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: { padding: '' } } });
      return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: { padding: 'p'.repeat(bytes - bare.length) } } });
    };
    expect(Buffer.byteLength(message(4, MAX_MESSAGE_BYTES))).toBe(MAX_MESSAGE_BYTES);
    server.send(`${message(4, MAX_MESSAGE_BYTES)}\n`);
    expect(await server.byId(4)).toHaveProperty('result');
    server.send(`${message(5, MAX_MESSAGE_BYTES + 1)}\n`);
    expect(await server.byId(5)).toHaveProperty('error.code', -32600);
    await server.stillServes(6);
  });

  it('a JSON-RPC batch is answered: each request in it gets an Invalid Request error with its id, and no validation report reaches stderr', async () => {
    const server = await stdioServer();
    server.send(
      `${JSON.stringify([{ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 'eight', method: 'ping' }, 5])}\n`,
    );
    const batch = (await server.answer((a) => Array.isArray(a))) as unknown as { id: unknown; error: { code: number; message: string } }[];
    expect(batch.map((a) => [a.id, a.error.code])).toEqual([
      [7, -32600],
      ['eight', -32600],
      [null, -32600],
    ]);
    expect(batch[0]!.error.message).toMatch(/batches are not served; send each message on a line of its own/);
    server.send('[]\n');
    expect(await server.answer((a) => a.id === null)).toHaveProperty('error.code', -32600);
    await server.stillServes(9);
    expect(server.stderr.filter((line) => /batch/.test(line))).toEqual([
      'svc mcp: a JSON-RPC batch of 4 messages was refused: batches are not served\n',
      'svc mcp: a JSON-RPC batch of 0 messages was refused: batches are not served\n',
    ]);
    expect(server.stderr.join('')).not.toMatch(/invalid_union|expected object/);
  });

  it('a line that is not JSON gets a parse error; JSON that is not JSON-RPC gets Invalid Request with its id; CRLF lines are read', async () => {
    const server = await stdioServer();
    server.send('{"jsonrpc":"2.0", "id": 10,\n');
    expect(await server.answer((a) => a.id === null)).toHaveProperty('error', { code: -32700, message: 'Parse error: the line is not JSON' });
    server.send(`${JSON.stringify({ id: 11, method: 5 })}\n`);
    expect(await server.byId(11)).toHaveProperty('error.code', -32600);
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'tools/list' })}\r\n`);
    expect(await server.byId(12)).toHaveProperty('result');
    expect(server.stderr.filter((line) => !line.startsWith('svc mcp: audit'))).toEqual([
      'svc mcp: a line that is not JSON got a parse error\n',
      'svc mcp: a message that is not JSON-RPC 2.0 got an Invalid Request error\n',
    ]);
  });
});

describe('streamable HTTP: a body over the limit', () => {
  it('gets 413 with the JSON-RPC error, declared or not, and the server goes on serving', async () => {
    const { factory } = await serverParts();
    const endpoint = await serveHttp(factory, { host: '127.0.0.1', port: 0, token: 'mcp_test_token_0123456789abcdef' });
    closers.push(() => endpoint.close());
    const url = new URL(endpoint.url);
    const post = (body: string, chunked: boolean) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              host: url.host,
              authorization: 'Bearer mcp_test_token_0123456789abcdef',
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) }),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        if (chunked) for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024));
        req.end(chunked ? undefined : body);
      });
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(2 * MAX_MESSAGE_BYTES) } });
    for (const chunked of [false, true]) {
      const refused = await post(huge, chunked);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: `Invalid Request: the message is over svc mcp's limit of ${MAX_MESSAGE_BYTES} bytes` },
      });
    }
    const initialize = {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    expect((await post(JSON.stringify(initialize), false)).status).toBe(200);
  });
});

describe('streamable HTTP: a client that sends its whole body before it reads', () => {
  /** One POST of `bytes` bytes written whole, as fetch writes it, then the answer read: its status line, and the socket's error if any. */
  async function postWhole(url: URL, bytes: number, chunked: boolean): Promise<{ status: string; error?: string }> {
    const socket = connectSocket(Number(url.port), url.hostname);
    let received = '';
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer mcp_test_token_0123456789abcdef\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\n${framing}\r\n\r\n`,
    );
    const body = Buffer.alloc(bytes, 'x');
    socket.end(chunked ? Buffer.concat([Buffer.from(`${bytes.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body);
    await closed;
    return { status: received.split('\r\n')[0]!, ...(error ? { error } : {}) };
  }

  it('reads the 413, never a reset: the rest of the body is read and dropped before the connection closes', async () => {
    const { factory } = await serverParts();
    const endpoint = await serveHttp(factory, { host: '127.0.0.1', port: 0, token: 'mcp_test_token_0123456789abcdef' });
    closers.push(() => endpoint.close());
    for (const chunked of [false, true])
      expect(await postWhole(new URL(endpoint.url), 8 * MAX_MESSAGE_BYTES, chunked), chunked ? 'chunked' : 'content-length').toEqual({
        status: 'HTTP/1.1 413 Payload Too Large',
      });
  });
});

const errorOf = (result: { content: unknown; isError?: unknown }) => {
  expect(result.isError).toBe(true);
  return (JSON.parse((result.content as { text: string }[])[0]!.text) as { error: Record<string, unknown> & { next: string } }).error;
};

async function open(options: Parameters<typeof connect>[0]): Promise<Connected> {
  const connected = await connect(options);
  closers.push(() => connected.close());
  return connected;
}

describe('a refusal says whether calling again can help, and what would', () => {
  it('a destructive call without elicitation: not retry safe, and the next step names what the user can change', async () => {
    const { client } = await open({ env: mock.env });
    const error = errorOf(await client.callTool({ name: 'files_delete', arguments: { path: 'tmp/a.txt' } }));
    expect(error).toMatchObject({ code: 'refused', retrySafe: false, mayHaveBeenApplied: false, attempts: 0 });
    expect(error.next).toMatch(/^calling it again is refused the same way\. Tell the user: files_delete needs their confirmation/);
    expect(error.next).toMatch(/supports MCP elicitation/);
    expect(error.next).toMatch(/restart svc mcp with --allow-destructive/);
    expect(mock.server.requests).toEqual([]);
  });

  it('declined by the user: not retry safe, do not call again unless asked', async () => {
    const { client } = await open({ env: mock.env, elicit: () => ({ action: 'decline' }) });
    const error = errorOf(await client.callTool({ name: 'files_delete', arguments: { path: 'tmp/a.txt' } }));
    expect(error).toMatchObject({ code: 'declined', retrySafe: false, next: 'do not call it again unless the user asks you to' });
  });

  it('a tool this server does not serve: not retry safe, and the options that would serve it are named', async () => {
    const { client } = await open({ env: mock.env, flags: { readOnly: true } });
    const error = errorOf(await client.callTool({ name: 'crm_entries_create', arguments: { objectName: 'deals', data: { name: 'x' } } }));
    expect(error).toMatchObject({ code: 'not-served', retrySafe: false });
    expect(error.next).toMatch(/restart svc mcp with options that serve it/);
  });

  it('in discover mode, an operation called by its own name: the next step shows call_operation', async () => {
    const { client } = await open({ env: mock.env, flags: { mode: 'discover' } });
    const error = errorOf(await client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_1' } }));
    expect(error).toMatchObject({ code: 'not-served', retrySafe: false });
    expect(error.next).toBe('call call_operation with {"name": "email_drafts_get", "arguments": {…}}; describe_operation shows its arguments');
  });
});

describe("a fault in svc's own code is a tool result too, and the server goes on serving", () => {
  const boom = async () => {
    throw new Error('the socket library\nfell over');
  };

  it('a read: not applied, and the agent is told to pass the message on', async () => {
    const { client, stderr } = await open({ env: mock.env, send: boom });
    const error = errorOf(await client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_1' } }));
    expect(error).toMatchObject({ message: 'svc could not complete the call: the socket library fell over', retrySafe: false, mayHaveBeenApplied: false });
    expect(error.next).toMatch(/tell the user the message/);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(stderr.join('')).toContain('svc mcp: email_drafts_get failed in svc: the socket library fell over\n');
    expect(stderr.join('')).toContain('audit tool=email_drafts_get decision=allowed status=internal-error');
  });

  it('a write: it may have been applied, so the agent checks before calling again', async () => {
    const { client } = await open({ env: mock.env, send: boom });
    const error = errorOf(await client.callTool({ name: 'crm_entries_create', arguments: { objectName: 'deals', data: { name: 'x' } } }));
    expect(error).toMatchObject({ retrySafe: false, mayHaveBeenApplied: true });
    expect(error.next).toMatch(/check \(read it back\) before calling again/);
  });

  it('a transport error is still read as one (not an internal fault) when its class is another copy', async () => {
    // What dist/mcp.cjs meets: a TransportError made by the command line's own copy of the class.
    const foreign = Object.assign(new Error('the connection to 127.0.0.1:9 was closed before the answer was complete'), { kind: 'reset', sent: true });
    Object.defineProperty(foreign, Symbol.for('svc.TransportError'), { value: true });
    expect(foreign).toBeInstanceOf(TransportError);
    const { client } = await open({ env: { ...mock.env, SVC_RETRY_BASE_MS: '1' }, send: async () => Promise.reject(foreign) });
    const error = errorOf(await client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_1' } }));
    expect(error).toMatchObject({ code: 'reset', retrySafe: true, mayHaveBeenApplied: false, attempts: 4 });
  });
});

import { createServer, type IncomingMessage, type Server as NodeServer, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { INVALID_REQUEST, MAX_MESSAGE_BYTES } from './stdio-lines.js';

/** The path the MCP endpoint is served at (what clients and the conformance suite expect). */
export const MCP_PATH = '/mcp';

const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]', '::1'];

export interface HttpOptions {
  host: string;
  port: number;
  /** The bearer token every request must carry: svc's own, never the API credential. */
  token: string;
}

export interface HttpEndpoint {
  url: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP at http://host:port/mcp, where no web page can reach it: the Host header must
 * name the address served (DNS rebinding), an Origin header must be one of those names (else
 * 403), and every request carries svc's own bearer token (else 401). The token is only compared:
 * an inbound Authorization header is never sent on to the API.
 */
export async function serveHttp(factory: McpServerFactory, options: HttpOptions): Promise<HttpEndpoint> {
  const handler = createMcpHandler(factory);
  const names = new Set(isLoopback(options.host) ? LOOPBACK_NAMES : [options.host.toLowerCase(), `[${options.host.toLowerCase()}]`]);
  const server = createServer((request, response) => {
    const refusal = refuse(request, names, options.token);
    if (refusal) return answer(response, refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'Bearer realm="svc mcp"' } : {});
    forward(handler.fetch, request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, 'the request could not be served');
      else response.destroy();
    });
  });
  server.requestTimeout = 0; // a tool call waits as long as the API call's own timeout allows
  await listen(server, options);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

export const isLoopback = (host: string): boolean => LOOPBACK_NAMES.includes(host.toLowerCase());

function refuse(request: IncomingMessage, names: ReadonlySet<string>, token: string): { status: number; message: string } | undefined {
  const host = hostnameOf(request.headers.host);
  if (host === undefined || !names.has(host)) return { status: 403, message: 'the Host header does not name this server' };
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigin(origin, names)) return { status: 403, message: 'this Origin may not call svc mcp' };
  if (new URL(request.url ?? '/', 'http://localhost').pathname !== MCP_PATH) return { status: 404, message: `svc mcp serves ${MCP_PATH} only` };
  if (!sameToken(request.headers.authorization, token))
    return { status: 401, message: "send svc mcp's token: Authorization: Bearer <token> (printed at start, or SVC_MCP_TOKEN)" };
  return undefined;
}

/** The host name of a Host header (`127.0.0.1:4020` -> `127.0.0.1`, `[::1]:4020` -> `[::1]`), lower-cased. */
function hostnameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(header.trim().toLowerCase());
  return match?.[1];
}

function allowedOrigin(origin: string, names: ReadonlySet<string>): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && names.has(url.hostname.toLowerCase());
  } catch {
    return false; // `null`, or not a URL
  }
}

function sameToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function answer(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ error: message }));
}

/** Node's request as a web Request for the SDK's handler, its Response streamed back. */
async function forward(fetch: (request: Request) => Promise<Response>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const aborted = new AbortController();
  response.on('close', () => aborted.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'authorization') continue; // svc's own token stays at the door
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await readBody(request) : undefined;
  if (body === 'too-large') return overLimit(request, response);
  const web = new Request(`http://${request.headers.host}${request.url}`, {
    method: request.method,
    headers,
    signal: aborted.signal,
    ...(body === undefined ? {} : { body }),
  } as RequestInit);
  const reply = await fetch(web);
  response.writeHead(reply.status, Object.fromEntries(reply.headers));
  if (!reply.body) return void response.end();
  for await (const chunk of reply.body as unknown as AsyncIterable<Uint8Array>) response.write(chunk);
  response.end();
}

/** The request's body, up to MAX_MESSAGE_BYTES: one message (as a line of stdio), never held past the limit. */
function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_MESSAGE_BYTES) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= MAX_MESSAGE_BYTES) return void chunks.push(chunk);
      // Paused, not destroyed: the 413 still reaches the client, then the connection is closed.
      request.off('data', onData);
      request.pause();
      resolve('too-large');
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks, length)));
    request.once('error', reject);
  });
}

/** How long, and how many bytes, the rest of a body over the limit is read and dropped before its connection is closed. */
const DRAIN_MS = 10_000;
const DRAIN_BYTES = 256 * 1024 * 1024;

/**
 * 413, with the JSON-RPC error a line over the limit gets on stdio. The rest of the body is read and
 * dropped, never kept, so the connection stays in step and is kept alive as after any answer: a
 * connection closed with bytes still unread is reset, and a client still sending then got the reset
 * (EPIPE, ECONNRESET: `fetch failed`) instead of the 413. A body that goes on past DRAIN_MS or
 * DRAIN_BYTES has its connection cut.
 */
function overLimit(request: IncomingMessage, response: ServerResponse): void {
  const error = {
    jsonrpc: '2.0',
    id: null,
    error: { code: INVALID_REQUEST, message: `Invalid Request: the message is over svc mcp's limit of ${MAX_MESSAGE_BYTES} bytes` },
  };
  // Not `connection: close`: Node would close the socket once the answer is written, the body unread.
  response.writeHead(413, { 'content-type': 'application/json' });
  response.end(JSON.stringify(error));
  const cutOff = () => request.socket.destroy();
  const timer = setTimeout(cutOff, DRAIN_MS);
  let drained = 0;
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) cutOff();
  });
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

function listen(server: NodeServer, options: HttpOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

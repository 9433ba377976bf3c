import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import { request as plainRequest } from 'node:http';
import { request as tlsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { socketIdle, socketTaken } from './idle-sockets.js';
import type { RequestDeadline } from './request-deadline.js';
import type { CollectedResponse } from './response-collector.js';
import type { HttpRequest } from './transport.js';
import { announcedTooLarge, tooLarge } from './transport-failures.js';
import { splitUrl } from './url-split.js';

/** The largest response head read, as undici's (Node's `--max-http-header-size` default): the rest is refused. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * One request sent through `node:http` or `node:https` (native in Bun), its answer gathered in
 * memory: the node:http transport's half of what response-collector.ts is for undici.
 *
 * `written`: whether any of the request may have reached the server. It is written as soon as its
 * connection is ready (at once on a kept-alive one; for a new one, once it connected and, over TLS,
 * once the handshake is done), so until then nothing of it has left the machine. Not the request's
 * 'finish' event: Bun emits it when a request still connecting is destroyed, too.
 */
export class NodeHttpExchange {
  written = false;
  private outgoing: ClientRequest | undefined;
  private socket: Socket | undefined;
  private chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  /** The answer's head has come: a parse error after it is about bytes past its body (see onResponse). */
  private answered = false;
  /** A parse error after the answer's head: the answer fails with it unless its body ends as declared, and the connection is not kept. */
  private spoiled: Error | undefined;
  private resolve!: (response: CollectedResponse) => void;
  private reject!: (error: Error) => void;
  /** The deadline or the caller ended the request: it fails at once, and its connection is closed. */
  private readonly onAbort = () => this.fail(abortError());

  constructor(
    private readonly deadline: RequestDeadline,
    private readonly maxBytes: number,
  ) {}

  send(req: HttpRequest, agent: Agent): Promise<CollectedResponse> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      if (this.deadline.aborted) return this.onAbort();
      this.deadline.addEventListener('abort', this.onAbort);
      try {
        this.outgoing = this.start(req, agent);
      } catch (error) {
        this.fail(error as Error);
      }
    });
  }

  private start(req: HttpRequest, agent: Agent): ClientRequest {
    const { origin, path } = splitUrl(req.url);
    const { protocol, hostname, port, host } = originParts(origin);
    const send = protocol === 'https:' ? tlsRequest : plainRequest;
    // The path as given, never normalised; the headers as given, after Host and Connection as undici sends them.
    const options = { protocol, hostname, port, path, method: req.method, headers: framed(req, host), agent, maxHeaderSize: MAX_HEADER_BYTES };
    const outgoing = send(options);
    outgoing.on('socket', (socket: Socket) => this.onSocket(socket, protocol === 'https:'));
    outgoing.on('response', (response: IncomingMessage) => this.onResponse(response));
    // An unrequested 101 Switching Protocols: another protocol, which svc cannot read.
    outgoing.on('upgrade', () => this.fail(Object.assign(new Error('bad upgrade'), { code: 'HPE_UNEXPECTED_UPGRADE' })));
    outgoing.on('error', (error: Error) => (this.answered && isParseError(error) ? (this.spoiled = error) : this.fail(error)));
    outgoing.end(req.body);
    return outgoing;
  }

  private onSocket(socket: Socket, overTls: boolean): void {
    this.socket = socket;
    socketTaken(socket);
    if (!socket.connecting) {
      this.written = true; // a kept-alive connection: the request goes out at once
      return;
    }
    socket.once(overTls ? 'secureConnect' : 'connect', () => {
      if (!this.settled) this.written = true;
    });
  }

  /**
   * The answer, gathered. Bytes past a body its Content-Length ends are a parse error on the
   * request, which node:http (Bun's and Node's alike) raises before the body's own events: the
   * body as declared is still the answer, as undici reads it, and the connection is closed after it.
   */
  private onResponse(response: IncomingMessage): void {
    this.written = true;
    this.answered = true;
    const headers = flattenRawHeaders(response.rawHeaders);
    const declared = Number(headers['content-length']);
    if (declared > this.maxBytes) return this.fail(announcedTooLarge(this.maxBytes, declared)); // refused before a byte of it is read
    response.on('data', (chunk: Buffer) => {
      this.size += chunk.length;
      if (this.size > this.maxBytes) this.fail(tooLarge(this.maxBytes, ''));
      else this.chunks.push(chunk);
    });
    response.on('end', () => {
      // A body cut short by a closed connection (fewer bytes than its Content-Length, a chunked body unfinished).
      if (!response.complete) return this.fail(this.spoiled ?? closedEarly());
      const { chunks } = this;
      this.settle();
      if (this.spoiled) this.socket?.destroy();
      else socketIdle(this.socket, headers['keep-alive']);
      this.resolve({ status: response.statusCode ?? 0, headers, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    });
    response.on('aborted', () => this.fail(this.spoiled ?? closedEarly()));
    response.on('error', (error: Error) => this.fail(error));
    response.on('close', () => this.fail(this.spoiled ?? closedEarly()));
  }

  /** Ends the request with `error`, once; its connection is closed, so no more of the answer is read. */
  private fail(error: Error): void {
    if (this.settled) return;
    this.settle();
    this.outgoing?.destroy();
    this.reject(error);
  }

  private settle(): void {
    this.settled = true;
    this.chunks = [];
    this.deadline.removeEventListener('abort', this.onAbort);
  }
}

/**
 * The headers as undici sends them, so both builds put the same bytes on the wire: `host` and
 * `connection` first, in lower case (node:http adds `Host` and `Connection` after the others, and
 * svc never lets a caller give either), then the request's own, with the body's Content-Length:
 * node:http frames the body of a DELETE (or any method but POST, PUT and PATCH) with neither
 * Content-Length nor chunked encoding, so the server would read it as the next request.
 */
function framed(req: HttpRequest, host: string): Record<string, string> {
  const headers = { host, connection: 'keep-alive', ...req.headers };
  if (req.body === undefined) return headers;
  for (const name in req.headers) if (name.toLowerCase() === 'content-length') return headers;
  return { ...headers, 'content-length': String(Buffer.byteLength(req.body)) };
}

/** llhttp's errors (HPE_*), the parser both runtimes' node:http reads answers with. */
const isParseError = (error: Error): boolean => String((error as { code?: unknown }).code).startsWith('HPE_');

const abortError = (): Error => Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });

const closedEarly = (): Error => Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' });

interface OriginParts {
  protocol: string;
  hostname: string;
  port: string;
  host: string;
}

const origins = new Map<string, OriginParts>();

/** An origin's parts for node:http (a bracketed IPv6 host unbracketed), parsed once per origin. */
function originParts(origin: string): OriginParts {
  let parts = origins.get(origin);
  if (parts) return parts;
  const url = new URL(origin);
  // `host` as undici's Host header: the port when the URL names one, an IPv6 address in brackets.
  parts = { protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port, host: url.host };
  if (origins.size < 16) origins.set(origin, parts);
  return parts;
}

/** Header names in lower case, repeated ones joined with ", " (as the undici transport gives them). */
function flattenRawHeaders(raw: string[]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    flat[name] = Object.hasOwn(flat, name) ? `${flat[name]}, ${raw[i + 1]}` : raw[i + 1]!;
  }
  return flat;
}

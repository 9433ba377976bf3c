import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import { RequestIdScan } from './request-id-scan.js';

/**
 * The largest JSON-RPC message svc mcp reads, a line of standard input or the body of an HTTP
 * request, in bytes: as much as a batch line may hold. A tool's arguments are one message, so this
 * bounds them too, and with them the time the server spends reading one call.
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** JSON-RPC 2.0's codes for a message that cannot be served. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/** What answers a hostile or broken line: a JSON-RPC error (id null when the line's id cannot be read). */
export interface LineRefusal {
  id: string | number | null;
  code: number;
  message: string;
}

/**
 * Reads one line of the stdio transport: the message, or the refusal to answer it with. Linear in
 * the line's length (one JSON.parse, and checks of the envelope's top level only).
 */
export function readLine(line: string): { message: JSONRPCMessage } | { reply: LineRefusal | LineRefusal[]; note: string } | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { reply: { id: null, code: PARSE_ERROR, message: 'Parse error: the line is not JSON' }, note: 'a line that is not JSON got a parse error' };
  }
  if (Array.isArray(value)) return batchRefusals(value);
  if (isJSONRPCRequest(value) || isJSONRPCNotification(value) || isJSONRPCResultResponse(value) || isJSONRPCErrorResponse(value)) {
    return { message: value as JSONRPCMessage };
  }
  return {
    reply: { id: idOf(value), code: INVALID_REQUEST, message: 'Invalid Request: not a JSON-RPC 2.0 request, notification or response' },
    note: 'a message that is not JSON-RPC 2.0 got an Invalid Request error',
  };
}

const BATCH_MESSAGE = 'Invalid Request: JSON-RPC batches are not served; send each message on a line of its own';

/**
 * A JSON-RPC batch (an array), which MCP does not use: answered as JSON-RPC answers a batch, with
 * an array holding an Invalid Request error for each request in it, under its own id (a batch of
 * notifications only gets none); an empty batch gets a single error.
 */
function batchRefusals(items: unknown[]): { reply: LineRefusal | LineRefusal[]; note: string } {
  const note = `a JSON-RPC batch of ${items.length} ${items.length === 1 ? 'message' : 'messages'} was refused: batches are not served`;
  if (items.length === 0) return { reply: { id: null, code: INVALID_REQUEST, message: BATCH_MESSAGE }, note };
  // A notification (a method, no id) gets no answer, in a batch as anywhere.
  const answered = items.filter((item) => !(isObject(item) && typeof item.method === 'string' && !('id' in item)));
  return { reply: answered.map((item) => ({ id: idOf(item), code: INVALID_REQUEST, message: BATCH_MESSAGE })), note };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function idOf(value: unknown): string | number | null {
  const id = isObject(value) ? value.id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/**
 * The stdio transport of `svc mcp`: one JSON-RPC message per line, as the SDK's, but a hostile line
 * never ends the connection. A line over MAX_MESSAGE_BYTES is dropped as it arrives (never held
 * whole) and answered with an error to its request's id, read by a scan of its bytes as they pass
 * (src/mcp/request-id-scan.ts), so the caller is not left waiting; a line that is not JSON, not JSON-RPC or a batch is answered
 * with the error JSON-RPC names; each gets one line on standard error, without its content. The
 * next line is served as usual.
 */
export class StdioLines implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  #pieces: Buffer[] = [];
  #length = 0;
  /** Bytes of the current line seen past the limit: it is being dropped. */
  #dropped = 0;
  /** While a line is dropped: its id, read from its bytes as they pass. */
  #idScan: RequestIdScan | undefined;
  #closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    /** One line on standard error about a refused line. */
    private readonly report: (line: string) => void,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onError);
    this.stdin.on('end', this.#onEnd);
    this.stdin.on('close', this.#onEnd);
    this.stdout.on('error', this.#onOutputError);
  }

  readonly #onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) {
      this.#take(bytes.subarray(start, end));
      this.#endLine();
      if (this.#closed) return;
    }
    this.#take(bytes.subarray(start));
  };

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#dropped > 0 || this.#length + piece.length > this.maxBytes) {
      // The line is not kept, but its id is read as it passes, so the error goes to the caller.
      if (this.#idScan === undefined) {
        this.#idScan = new RequestIdScan();
        for (const held of this.#pieces) this.#idScan.feed(held);
      }
      this.#idScan.feed(piece);
      this.#dropped += piece.length + this.#length;
      this.#pieces = [];
      this.#length = 0;
      return;
    }
    this.#pieces.push(piece);
    this.#length += piece.length;
  }

  #endLine(): void {
    if (this.#dropped > 0) {
      const size = this.#dropped;
      const id = this.#idScan!.end();
      this.#dropped = 0;
      this.#idScan = undefined;
      this.report(`svc mcp: a message of over ${this.maxBytes} bytes (${size} bytes) was dropped and answered with an error\n`);
      this.#refuse({ id, code: INVALID_REQUEST, message: `Invalid Request: the message is over svc mcp's limit of ${this.maxBytes} bytes` });
      return;
    }
    const text = Buffer.concat(this.#pieces, this.#length).toString('utf8');
    this.#pieces = [];
    this.#length = 0;
    const read = readLine(text.endsWith('\r') ? text.slice(0, -1) : text);
    if (read === undefined) return;
    if ('message' in read) return void this.onmessage?.(read.message);
    this.report(`svc mcp: ${read.note}\n`);
    if (!Array.isArray(read.reply)) this.#refuse(read.reply);
    else if (read.reply.length > 0) this.#write(read.reply.map(errorResponse));
  }

  #refuse(refusal: LineRefusal): void {
    this.#write(errorResponse(refusal));
  }

  #write(value: unknown): void {
    if (this.#closed) return;
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }

  readonly #onError = (error: Error): void => this.onerror?.(error);
  readonly #onOutputError = (error: Error): void => {
    if (this.#closed) return;
    this.onerror?.(error);
    void this.close();
  };
  readonly #onEnd = (): void => void this.close();

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the stdio transport is closed'));
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        this.stdout.off('drain', onDrain);
        reject(error);
      };
      const onDrain = () => {
        this.stdout.off('error', onError);
        resolve();
      };
      this.stdout.once('error', onError);
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) {
        this.stdout.off('error', onError);
        resolve();
      } else this.stdout.once('drain', onDrain);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onError);
    this.stdin.off('end', this.#onEnd);
    this.stdin.off('close', this.#onEnd);
    // A late write failure after the close is not reported: the client has gone.
    this.stdout.off('error', this.#onOutputError);
    this.stdout.on('error', () => {});
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.#pieces = [];
    this.onclose?.();
  }
}

const errorResponse = ({ id, code, message }: LineRefusal) => ({ jsonrpc: '2.0', id, error: { code, message } });

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

/** One request as the mock received it: the raw path (still percent-encoded) and the body as text. */
export interface RecordedRequest {
  method: string;
  /** Path and query exactly as received, still percent-encoded. */
  path: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as text; in the log, cut to its first 64 KiB, and empty for a request without an accepted token. */
  body: string;
  /** In the log: whether the bearer token was accepted. */
  authenticated?: boolean;
  /** In the log: the body's full size in bytes, when not all of it was kept. */
  bodyBytes?: number;
  /** In the log: the body was over the mock's 1 MiB limit (answered 413). */
  bodyTooLarge?: boolean;
}

export interface Incoming extends RecordedRequest {
  /** The body was over the limit; `body` holds only its first part. */
  tooLarge: boolean;
}

/** Reads the whole request, keeping at most `maxBodyBytes` of its body (the rest is drained, not kept). */
export async function readIncoming(req: IncomingMessage, maxBodyBytes: number): Promise<Incoming> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBodyBytes) chunks.push(chunk);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers,
    body: Buffer.concat(chunks).toString('utf8'),
    tooLarge: size > maxBodyBytes,
  };
}

/** The same request as a Fetch `Request`, for msw's `getResponse`. */
export function toFetchRequest(incoming: Incoming, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    try {
      headers.append(name, value);
    } catch {
      // A header value Fetch refuses cannot matter to the mock's routes; drop it rather than fail.
    }
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  // Concatenate rather than resolve: a path such as "//x" must stay a path, not become a host.
  return new Request(origin + incoming.path, { method: incoming.method, headers, body: hasBody ? incoming.body : null });
}

/** Writes a Fetch response back, with an exact Content-Length so keep-alive clients know where it ends. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  writeText(res, response.status, headers, text);
}

/** Writes a reply as JSON. */
export function writeReply(res: ServerResponse, reply: Reply): void {
  writeText(res, reply.status, { 'content-type': 'application/json', ...reply.headers }, JSON.stringify(reply.body));
}

/** Writes a complete answer unless the connection is already gone (closed server, client hung up). */
export function writeText(res: ServerResponse, status: number, headers: Record<string, string>, text: string): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

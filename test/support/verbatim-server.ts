import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VerbatimServer {
  /** Base URL ending in /v1. */
  url: string;
  /** The body every request is answered with next, byte for byte (200, application/json). */
  answer(body: string): void;
  /** Requests received: method and path. */
  received: { method: string; path: string }[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 that answers every request with the exact text a test gives it. */
export async function startVerbatimServer(): Promise<VerbatimServer> {
  let body = '{}';
  const received: { method: string; path: string }[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '' });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    answer: (text) => void (body = text),
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

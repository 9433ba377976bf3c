import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

/** How one hostile answer is written; `served` counts the bytes of body it managed to write. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, served: { bytes: number }) => void | Promise<void>;

export interface HostileServer {
  /**
   * Base URL ending in /v1; the last path segment names the behaviour, with an optional `~tag`
   * so concurrent tests of one behaviour are counted apart (`/email/drafts/mismatch~strict`).
   */
  url: string;
  /** Requests received per last segment. */
  hits: Map<string, number>;
  /** Body bytes written per last segment before the client went away. */
  served: Map<string, number>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
};

const encoded = (res: ServerResponse, coding: string, body: Buffer) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': String(body.length) });
  res.end(body);
};

/** Bytes straight to the socket, bypassing Node's HTTP writer: for answers that are not valid HTTP. */
const raw = (res: ServerResponse, text: string) => {
  res.socket?.end(text);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const DRAFT = { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 1 };

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes `total` bytes of a JSON array in 64 KiB chunks, honouring back-pressure, until done or the client leaves. */
async function stream(res: ServerResponse, total: number, served: { bytes: number }): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, '1,');
  res.write('[');
  while (served.bytes < total && !res.destroyed) {
    served.bytes += chunk.length;
    if (!res.write(chunk)) await drainOrClose(res);
  }
  res.end('1]');
}

/** Answers a real client on 127.0.0.1 the ways a broken proxy, server or attacker might. */
export const behaviours: Record<string, Behaviour> = {
  'html-502': (_q, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
  },
  'html-200': (_q, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Please log in</body></html>');
  },
  'invalid-json': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok": true, "kind": ');
  },
  empty: (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
    res.end();
  },
  truncated: (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
    res.write(JSON.stringify(DRAFT).slice(0, 40));
    setTimeout(() => res.socket?.destroy(), 20);
  },
  'reset-mid-body': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }); // chunked
    res.write(JSON.stringify(DRAFT).slice(0, 40));
    setTimeout(() => res.socket?.destroy(), 20);
  },
  'huge-stream': async (_q, res, served) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    await stream(res, 300 * 1024 * 1024, served);
  },
  'huge-declared': async (_q, res, served) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024 + 3) });
    await stream(res, 300 * 1024 * 1024, served);
  },
  'slow-headers': async (_q, res) => {
    // Until svc gives up and closes the connection (its deadline is far shorter), 20 s at most.
    await Promise.race([pause(20_000), new Promise((resolve) => res.on('close', resolve))]);
    if (!res.destroyed) json(res, 200, DRAFT);
  },
  'slow-body': async (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const char of JSON.stringify(DRAFT)) {
      if (res.destroyed) return;
      res.write(char);
      await pause(500);
    }
    res.end();
  },
  mismatch: (_q, res) => json(res, 200, { ok: true, kind: 'sms', draftId: 7 }),
  'status-599': (_q, res) => {
    res.writeHead(599, { 'content-type': 'text/plain' });
    res.end('network connect timeout error');
  },
  'status-299': (_q, res) => json(res, 299, DRAFT),
  redirect: (_q, res) => {
    res.writeHead(302, { location: 'http://attacker.example/v1/steal' });
    res.end();
  },
  'deep-json': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
  },
  'octet-stream': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x9f]));
  },
  'huge-header': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'x'.repeat(100_000) });
    res.end(JSON.stringify(DRAFT));
  },
  'bom-json': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`\uFEFF${JSON.stringify(DRAFT)}`);
  },
  'json-null': (_q, res) => json(res, 200, null),
  'error-not-standard': (_q, res) => json(res, 400, { message: 'nope', status: 'bad' }),
  // Unusual but legal HTTP (RFC 9110), and HTTP that is not: each read, or named.
  gzip: (_q, res) => encoded(res, 'gzip', gzipSync(JSON.stringify(DRAFT))),
  deflate: (_q, res) => encoded(res, 'deflate', deflateSync(JSON.stringify(DRAFT))),
  'deflate-raw': (_q, res) => encoded(res, 'deflate', deflateRawSync(JSON.stringify(DRAFT))),
  br: (_q, res) => encoded(res, 'br', brotliCompressSync(JSON.stringify(DRAFT))),
  'gzip-then-br': (_q, res) => encoded(res, 'gzip, br', brotliCompressSync(gzipSync(JSON.stringify(DRAFT)))),
  zstd: (_q, res) => encoded(res, 'zstd', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0])),
  'gzip-broken': (_q, res) => encoded(res, 'gzip', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7])),
  'gzip-bomb': (_q, res) => encoded(res, 'gzip', gzipSync(Buffer.alloc(65 * 1024 * 1024, 0x20), { level: 1 })),
  'no-content-type': (_q, res) => {
    res.writeHead(200);
    res.end(JSON.stringify(DRAFT));
  },
  latin1: (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=ISO-8859-1' });
    res.end(Buffer.from(JSON.stringify({ ...DRAFT, subject: 'Café' }), 'latin1'));
  },
  'utf16-bom': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify({ ...DRAFT, subject: 'Grüße' }), 'utf16le')]));
  },
  'unknown-charset': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=x-klingon' });
    res.end(JSON.stringify(DRAFT));
  },
  'invalid-utf8': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      Buffer.concat([
        Buffer.from('{"ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1,"subject":"Caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}'),
      ]),
    );
  },
  'early-hints': (_q, res) => {
    res.writeEarlyHints({ link: '</style.css>; rel=preload' });
    json(res, 200, DRAFT);
  },
  'unsolicited-continue': (_q, res) => {
    res.writeContinue();
    json(res, 200, DRAFT);
  },
  'unsolicited-upgrade': (_q, res) => raw(res, 'HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: h2c\r\n\r\n'),
  'double-length': (_q, res) => raw(res, 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'),
  'not-http': (_q, res) => raw(res, 'SSH-2.0-OpenSSH_9.6\r\n\r\n'),
  'broken-chunk': (_q, res) => raw(res, 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n'),
  // More bytes than the Content-Length declares, then the connection closed: the answer is the declared body.
  'longer-than-length': (_q, res) =>
    raw(res, `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}tail the server should not have sent`),
  'chunked-trailers': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json', trailer: 'x-checksum' });
    const text = JSON.stringify(DRAFT);
    res.write(text.slice(0, 10));
    res.write(text.slice(10));
    res.addTrailers({ 'x-checksum': 'abc' });
    res.end();
  },
  'http10-close': (_q, res) => raw(res, `HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(DRAFT)}`),
  'escape-error': (_q, res) =>
    json(res, 400, { error: { message: 'bad\u001b]0;pwned\u0007\u001b[2J\nsvc: all good\r\u009b1A', type: 't\u001b[31m', code: 'c' } }),
  'escape-success': (_q, res) => json(res, 200, { ...DRAFT, subject: '\u001b]0;pwned\u0007\u001b[2Jhi\u009b' }),
  'escape-header': (_q, res) => json(res, 200, { ...DRAFT, '\u001b[2Jkey': 1 }),
  'not-modified': (_q, res) => {
    res.writeHead(304);
    res.end();
  },
  /** Echoes the bearer token back in an error and in a success body: output must redact it. */
  'echo-token-error': (req, res) =>
    json(res, 400, {
      error: { message: `bad key ${req.headers.authorization}`, type: 'invalid_request_error', code: 'bad', details: { got: req.headers.authorization } },
    }),
  'echo-token': (req, res) => json(res, 200, { ...DRAFT, echo: req.headers.authorization }),
};

export async function startHostileServer(): Promise<HostileServer> {
  const hits = new Map<string, number>();
  const served = new Map<string, number>();
  const server = createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0]!.split('/').at(-1) ?? '');
    const name = key.split('~')[0]!;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const count = { bytes: 0 };
    res.on('close', () => served.set(key, (served.get(key) ?? 0) + count.bytes));
    req.resume();
    const behaviour = Object.hasOwn(behaviours, name)
      ? behaviours[name]!
      : (_q: IncomingMessage, r: ServerResponse) => json(r, 404, { error: { message: `no behaviour ${name}` } });
    Promise.resolve(behaviour(req, res, count)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    hits,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

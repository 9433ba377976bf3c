// The servers of the transport contract, on 127.0.0.1: the hostile HTTP server (test/support/hostile-server.ts),
// a raw one that writes its own bytes and counts its connections, a TLS server whose certificate
// nobody trusts, a server that accepts connections and never says a word, and a port nobody listens on.
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { makeCertificates } from '../../../scripts/bench/private-ca.mjs';
import { type HostileServer, startHostileServer } from '../../support/hostile-server.js';

export interface ContractServers {
  /** `<hostile>/x/<behaviour>`: an answer of test/support/hostile-server.ts. */
  hostile(behaviour: string): string;
  /** `http://127.0.0.1:<raw>/<behaviour>`: reset-mid-headers, close-at-once, echo; any other path is a draft after 100 ms (`/keep-alive-3s`: with a Keep-Alive hint). */
  raw(path: string): string;
  untrusted: string;
  silent: { http: string; https: string };
  refused: string;
  /** What the servers saw: the raw server's connections and the most requests it held at once, body bytes the hostile one wrote. */
  observed(): { connections: number; mostAtOnce: number; servedOverCap: number };
  close(): Promise<void>;
}

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
};

const DRAFT = '{"draftId":"dr_1","ok":true}';

/** A raw server's answer to one request head: its path picks it. */
function answerRaw(socket: Socket, head: string, open: { now: number; most: number }): void {
  const [requestLine = ''] = head.split('\r\n');
  const path = requestLine.split(' ')[1] ?? '';
  if (path.startsWith('/reset-mid-headers')) return void socket.end('HTTP/1.1 200 OK\r\nContent-Type: appli', () => socket.destroy());
  if (path.startsWith('/close-at-once')) return void socket.destroy();
  // `/keep-alive-3s`: the server says it keeps an idle connection 3 s (and keeps it longer, here, so a client that ignores that reuses it).
  const hint = path.startsWith('/keep-alive-3s') ? 'Keep-Alive: timeout=3\r\n' : '';
  const ok = (body: string) =>
    socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${hint}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  if (path.startsWith('/echo')) return void ok(JSON.stringify({ head }));
  open.most = Math.max(open.most, ++open.now);
  setTimeout(() => {
    open.now--;
    ok(DRAFT);
  }, 100);
}

/** Reads request heads (and a Content-Length's body) off each connection and answers each. */
function rawServer(counts: { connections: number }, open: { now: number; most: number }, sockets: Set<Socket>): Server {
  return createNetServer((socket) => {
    counts.connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(pending.slice(0, end))?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        const head = pending.slice(0, end + 4 + length);
        pending = pending.slice(head.length);
        answerRaw(socket, head, open);
      }
    });
  });
}

export async function startContractServers(): Promise<ContractServers> {
  const certificates = makeCertificates();
  const hostile: HostileServer = await startHostileServer();
  const counts = { connections: 0 };
  const open = { now: 0, most: 0 };
  const sockets = new Set<Socket>();
  const raw = rawServer(counts, open, sockets);
  const untrusted = createTlsServer(certificates.servers['self-signed'], (socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'));
  untrusted.on('tlsClientError', () => {});
  const silent = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  const gone = createNetServer();
  const [rawPort, untrustedPort, silentPort, gonePort] = await Promise.all([raw, untrusted, silent, gone].map(listen));
  await new Promise((resolve) => gone.close(resolve));
  return {
    hostile: (behaviour) => `${hostile.url}/x/${behaviour}`,
    raw: (path) => `http://127.0.0.1:${rawPort}${path}`,
    untrusted: `https://127.0.0.1:${untrustedPort}/v1/x`,
    silent: { http: `http://127.0.0.1:${silentPort}/v1/x`, https: `https://127.0.0.1:${silentPort}/v1/x` },
    refused: `http://127.0.0.1:${gonePort}/v1/x`,
    observed: () => ({ connections: counts.connections, mostAtOnce: open.most, servedOverCap: hostile.served.get('huge-stream') ?? 0 }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      const closing = [raw, untrusted, silent].map((server) => new Promise((resolve) => server.close(resolve)));
      await Promise.all([hostile.close(), ...closing]);
      certificates.remove();
    },
  };
}

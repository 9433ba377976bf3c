import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:tls';

export interface TlsFront {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** TLS connections accepted (a handshake the client refused still counts once). */
  connections: number;
  close(): Promise<void>;
}

/**
 * A TLS terminator on loopback in front of a plain HTTP server, as a load balancer would be: the
 * server behind it (the real mock) sees and records the decrypted requests.
 */
export async function startTlsFront(certificate: { key: string; cert: string }, backendPort: number): Promise<TlsFront> {
  const front: TlsFront = { origin: '', port: 0, connections: 0, close: () => Promise.resolve() };
  const open = new Set<{ destroy(): void }>();
  const server: Server = createServer(certificate, (socket) => {
    const backend = connect(backendPort, '127.0.0.1');
    socket.pipe(backend).pipe(socket);
    socket.on('error', () => backend.destroy());
    backend.on('error', () => socket.destroy());
  });
  server.on('connection', (socket) => {
    front.connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.port = (server.address() as AddressInfo).port;
  front.origin = `https://127.0.0.1:${front.port}`;
  front.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  return front;
}

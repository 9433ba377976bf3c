import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerProxy {
  /** The same path on the proxy's port: `http://localhost:<port>/mcp`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Stands in for a client configured with svc mcp's token, for a tool that cannot send a header
 * (the conformance suite): adds `Authorization: Bearer <token>` and passes everything else, Host
 * and Origin included, through unchanged, both ways, streaming.
 */
export async function startBearerProxy(target: string, token: string): Promise<BearerProxy> {
  const to = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      { host: to.hostname, port: to.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}${to.pathname}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

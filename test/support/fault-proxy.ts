import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultProxy {
  /** Base URL ending in /v1, to give svc in place of the mock's. */
  url: string;
  close(): Promise<void>;
}

/**
 * A pass-through in front of the mock that adds the mock's own `x-mock-fault` header to chosen
 * requests, since svc never sends it: the mock then fails them as it documents (a faulted request
 * changes no state). `faultFor` sees each request's body and picks the fault, or none.
 */
export async function startFaultProxy(upstreamUrl: string, faultFor: (body: string) => string | undefined): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
    const fault = faultFor(body);
    if (fault) headers['x-mock-fault'] = fault;
    try {
      const answer = await fetch(upstream + req.url, { method: req.method, headers, body: body === '' ? undefined : body });
      const text = await answer.text();
      const kept = Object.fromEntries([...answer.headers].filter(([name]) => name === 'content-type' || name === 'retry-after'));
      res.writeHead(answer.status, kept).end(text);
    } catch {
      req.socket.destroy(); // the mock dropped the connection: so does the proxy
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers one request, once it has applied it: a status, and the body a service or a gateway would send with it. */
export interface AppliedAnswer {
  status: number;
  /** Sent as application/json unless `html` is given. */
  body?: unknown;
  /** A gateway's error page (nginx, a load balancer), sent as text/html. */
  html?: string;
}

export interface AppliedRequest {
  method: string;
  url: string;
  body: string;
  status: number;
}

export interface ApplyingServer {
  url: string;
  /** Every request it received, in order, each applied before it was answered. */
  applied: AppliedRequest[];
  close(): Promise<void>;
}

/** The page nginx answers 502 and 504 with: what svc gets when a gateway lost or timed out on the origin's answer. */
export const gatewayPage = (status: 502 | 504): string => {
  const title = status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out';
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
};

/**
 * A service on 127.0.0.1 that applies every request it receives (keeps it in `applied`) and only
 * then answers, with what `answer` says: a server that fails after the write (500), or a gateway
 * whose origin applied it and whose answer it lost or timed out on (502, 504). The test reads from
 * `applied` what took effect, whatever svc was told.
 */
export async function startApplyingServer(answer: (request: { method: string; url: string; body: string }) => AppliedAnswer): Promise<ApplyingServer> {
  const applied: AppliedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      const reply = answer(request);
      applied.push({ ...request, status: reply.status });
      const html = reply.html !== undefined;
      res.writeHead(reply.status, { 'content-type': html ? 'text/html' : 'application/json' });
      res.end(html ? reply.html : JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    applied,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

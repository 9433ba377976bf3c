import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers one request with. `hold` keeps the request open until the test releases it. */
export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** JSON value, sent as application/json. */
  body?: unknown;
  hold?: boolean;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query, as the request line gave them. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Raw header lines as received (name, value, name, value…), for headers sent twice. */
  rawHeaders: string[];
  body: string;
}

export interface ScriptedServer {
  origin: string;
  /** `origin` + `/v1`. */
  url: string;
  /**
   * Answers by path and query (`/v1/items?page=2`); an unscripted one answers 404. A function
   * answers each request to the route in turn, told how many the route has received (1 for the first).
   */
  script(route: string, answer: ScriptedAnswer | ((request: ReceivedRequest, count: number) => ScriptedAnswer)): void;
  received: ReceivedRequest[];
  /** Resolves once `count` requests have arrived. */
  receivedCount(count: number): Promise<void>;
  /** Answers every held request as scripted. */
  release(): void;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 whose answers a test scripts, recording every request it receives. */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const routes = new Map<string, ScriptedAnswer | ((request: ReceivedRequest, count: number) => ScriptedAnswer)>();
  const counts = new Map<string, number>();
  const received: ReceivedRequest[] = [];
  const held: (() => void)[] = [];
  const waiters: { count: number; resolve(): void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const count = (counts.get(request.url) ?? 0) + 1;
      counts.set(request.url, count);
      const scripted = routes.get(request.url);
      const answer = (typeof scripted === 'function' ? scripted(request, count) : scripted) ?? {
        status: 404,
        body: { error: { message: `nothing scripted for ${req.url}`, type: 'not_found_error', code: 'not_found' } },
      };
      const send = () => {
        const text = JSON.stringify(answer.body ?? null);
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(text);
      };
      if (answer.hold) held.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/v1`,
    script: (route, answer) => void routes.set(route, answer),
    received,
    receivedCount: (count) => new Promise((resolve) => (received.length >= count ? resolve() : waiters.push({ count, resolve }))),
    release: () => held.splice(0).forEach((send) => send()),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Called once the test ends, as vitest's `onTestFinished` is. */
type OnTestFinished = (fn: () => Promise<void> | void) => void;

/**
 * A scripted server for one test, closed when the test finishes, with each of `answers` (route ->
 * answer) scripted; `/v1/things` answers `{ok: true}` unless `answers` says otherwise.
 */
export async function scriptedForTest(
  onTestFinished: OnTestFinished,
  answers: Record<string, ScriptedAnswer | ((request: ReceivedRequest, count: number) => ScriptedAnswer)> = {},
): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  onTestFinished(() => server.close());
  for (const [route, answer] of Object.entries({ '/v1/things': { body: { ok: true } }, ...answers })) server.script(route, answer);
  return server;
}

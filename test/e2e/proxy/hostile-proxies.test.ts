import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild, type SvcBuild } from '../../support/builds.js';
import { type SvcRun, runSvc, runSvcProcess } from '../../support/svc.js';

// Proxies that fail in the ways real ones do, each a small server on 127.0.0.1, against each build
// of svc: the npm build's code in this process (a process where only a process shows it), the
// standalone binary, whose undici runs on Bun's sockets, as a process. Whatever the proxy does, svc names it (`the proxy at HOST:PORT`, no credentials), in
// one line, exit 3; when the tunnel was never opened nothing reached the API, so a POST is retried
// as after a refused connection and is never said to "may have been applied". The API is a
// server that counts the connections it gets: none, since no proxy here forwards anything.

const PASSWORD = 'Prx-CANARY-5e6f7a8b9c';

interface HostileProxy {
  port: number;
  /** The first line of each request the proxy read (`CONNECT host:port HTTP/1.1`, `POST http://… HTTP/1.1`). */
  requestLines: string[];
  /** When each of those was read (performance.now()). */
  readAt: number[];
  server: Server;
}

async function listen(onConnection: (socket: Socket) => void): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** A proxy that reads a request's head, then does `answer` with the socket. */
async function startProxy(answer: (socket: Socket) => void): Promise<HostileProxy> {
  const requestLines: string[] = [];
  const readAt: number[] = [];
  const server = await listen((socket) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      requestLines.push(head.slice(0, head.indexOf('\r\n')));
      readAt.push(performance.now());
      answer(socket);
    };
    socket.on('data', onData);
  });
  return { port: (server.address() as { port: number }).port, requestLines, readAt, server };
}

const BEHAVIOURS = {
  'closes the connection once it has read the CONNECT': (socket: Socket) => socket.destroy(),
  'answers half a status line, then closes': (socket: Socket) => socket.end('HTTP/1.1 2'),
  'answers 502 Bad Gateway': (socket: Socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 11\r\n\r\nbad gateway'),
  'answers something that is not HTTP': (socket: Socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'),
  'never answers': () => {},
} as const;

type Behaviour = keyof typeof BEHAVIOURS;

const GET = ['email', 'drafts', 'get', 'dr_123'];
const POST = ['crm', 'entries', 'create', 'deals', '--data', 'name=Acme'];

const proxies = {} as Record<Behaviour, HostileProxy>;
let api: Server;
let apiConnections = 0;
let forwardCloser: HostileProxy;

beforeAll(async () => {
  api = await listen((socket) => {
    apiConnections++;
    socket.destroy();
  });
  for (const [name, answer] of Object.entries(BEHAVIOURS)) proxies[name as Behaviour] = await startProxy(answer);
  forwardCloser = await startProxy((socket) => socket.destroy());
});
afterAll(async () => {
  await Promise.all(
    [api, forwardCloser.server, ...Object.values(proxies).map((proxy) => proxy.server)].map((server) => new Promise((resolve) => server?.close(resolve))),
  );
});

const apiPort = () => (api.address() as { port: number }).port;
const proxyUrl = (proxy: HostileProxy) => `http://ada:${PASSWORD}@127.0.0.1:${proxy.port}`;
function run(build: SvcBuild, argv: string[], proxy: HostileProxy, scheme: 'https' | 'http', ...flags: string[]): Promise<SvcRun> {
  const env = {
    SERVICE_API_KEY: 'sk_test_proxyfaults1234',
    SERVICE_BASE_URL: `${scheme}://127.0.0.1:${apiPort()}/v1`,
    HTTPS_PROXY: proxyUrl(proxy),
    HTTP_PROXY: proxyUrl(proxy),
    SVC_RETRY_BASE_MS: '0',
  };
  // A proxy that never answers leaves a socket open at svc's deadline: only a process shows that svc
  // exits then, and its end closes the socket, so no late CONNECT is counted against the next run.
  if (build.standalone || proxy === proxies['never answers']) return runSvcProcess([...argv, ...flags], { build, env });
  return runSvc([...argv, ...flags], { env });
}

eachBuild((build) => {
  describe('a proxy that fails while asked for a tunnel (https base URL, CONNECT)', () => {
    it.each(Object.keys(BEHAVIOURS) as Behaviour[])(
      '%s: named in one line, exit 3, GET and POST retried as after a refused connection, nothing reached the API',
      async (behaviour) => {
        const proxy = proxies[behaviour];
        const flags = behaviour === 'never answers' ? ['--timeout', '1'] : [];
        for (const argv of [GET, POST]) {
          const before = proxy.requestLines.length;
          const result = await run(build, argv, proxy, 'https', ...flags);
          expect(result.code, result.stderr).toBe(3);
          expect(result.stdout).toBe('');
          expect(result.stderr.split('\n')).toEqual([expect.stringMatching(/^svc: /), '']);
          expect(result.stderr).toContain(`the proxy at 127.0.0.1:${proxy.port}`);
          expect(result.stderr).toMatch(/(nothing reached the API|nothing was sent) \(after 4 attempts\)\n$/);
          expect(result.stderr).not.toMatch(/may have been applied|Proxy Connection failed/);
          expect(result.stderr).not.toContain(PASSWORD);
          expect(proxy.requestLines.slice(before)).toEqual(Array(4).fill(`CONNECT 127.0.0.1:${apiPort()} HTTP/1.1`));
        }
        expect(apiConnections).toBe(0);
      },
    );

    it('each names what the proxy did', async () => {
      const lines = await Promise.all(
        (
          [
            'closes the connection once it has read the CONNECT',
            'answers half a status line, then closes',
            'answers 502 Bad Gateway',
            'answers something that is not HTTP',
          ] as const
        ).map(async (behaviour) => (await run(build, GET, proxies[behaviour], 'https', '--retries', '0')).stderr),
      );
      const [closes, half, gateway, notHttp] = lines.map((line) => line.replace(/127\.0\.0\.1:\d+/g, 'HOST'));
      expect(closes).toBe('svc: the proxy at HOST closed the connection before it answered the CONNECT to HOST; nothing reached the API\n');
      expect(half).toBe('svc: the proxy at HOST closed the connection before it answered the CONNECT to HOST; nothing reached the API\n');
      expect(gateway).toBe('svc: the proxy at HOST could not open a tunnel to HOST (it answered HTTP 502); nothing reached the API\n');
      expect(notHttp).toMatch(/^svc: the proxy at HOST answered the CONNECT to HOST with something that is not HTTP \(.+\); nothing reached the API\n$/);
    });

    it('a proxy that never answers is given up on at the deadline, and svc exits then', async () => {
      const proxy = proxies['never answers'];
      const before = proxy.readAt.length;
      const result = await run(build, GET, proxy, 'https', '--timeout', '1', '--retries', '0');
      const exitedAt = performance.now();
      expect(result.stderr).toBe(
        `svc: no connection to 127.0.0.1:${apiPort()} through the proxy at 127.0.0.1:${proxy.port} was ready within 1s; nothing was sent\n`,
      );
      // From the CONNECT to the exit: the 1 s deadline, not undici's 10 s connect timeout nor a process
      // kept alive by the open socket. svc's start-up, which a loaded machine stretches to seconds, is not counted.
      expect(proxy.readAt.length).toBe(before + 1);
      expect(exitedAt - proxy.readAt[before]!).toBeLessThan(6_000);
    });
  });

  describe('a proxy that forwards plain http (absolute form) and closes before the answer', () => {
    it('is named; a GET is retried, a POST is not and may have been applied, since the proxy may have forwarded it', async () => {
      const get = await run(build, GET, forwardCloser, 'http');
      expect(get.code).toBe(3);
      expect(get.stderr).toBe(
        `svc: the connection to 127.0.0.1:${apiPort()} through the proxy at 127.0.0.1:${forwardCloser.port} was closed before the answer was complete (after 4 attempts)\n`,
      );
      const before = forwardCloser.requestLines.length;
      const post = await run(build, POST, forwardCloser, 'http');
      expect(post.code).toBe(3);
      expect(post.stderr).toBe(
        `svc: the connection to 127.0.0.1:${apiPort()} through the proxy at 127.0.0.1:${forwardCloser.port} was closed before the answer was complete; the POST may have been applied: check before sending it again\n`,
      );
      expect(forwardCloser.requestLines.slice(before)).toEqual([`POST http://127.0.0.1:${apiPort()}/v1/crm/objects/deals/entries HTTP/1.1`]);
      for (const result of [get, post]) expect(result.stderr).not.toContain(PASSWORD);
    });
  });
});

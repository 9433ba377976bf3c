import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { runSvcProcess } from '../../support/svc.js';

// An answer that is not HTTP/1.1 is named in the same words by both builds: llhttp's reason, which
// undici (the npm build) wraps as `Response does not match the HTTP/1.1 protocol (…)` and Bun's
// node:http (the standalone binary's call made alone) as `Parse Error: …`.
const ANSWERS: Record<string, string> = {
  garbage: 'NOT HTTP AT ALL\r\n\r\n',
  'a space before the colon': 'HTTP/1.1 200 OK\r\nBad Header : x\r\nContent-Length: 2\r\n\r\n{}',
  'line feeds alone': 'HTTP/1.1 200 OK\nContent-Length: 2\n\n{}',
  'a control character in a header': 'HTTP/1.1 200 OK\r\nX-A: a\u0001b\r\nContent-Length: 2\r\n\r\n{}',
};
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((socket: Socket) => {
    socket.once('data', (chunk: Buffer) => {
      const kind = decodeURIComponent(/^GET \/v1\/email\/drafts\/(\S+) /.exec(chunk.toString('latin1'))?.[1] ?? '');
      socket.end(ANSWERS[kind] ?? '', 'latin1');
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

eachBuild((build) => {
  describe('an answer that is not HTTP/1.1', () => {
    it.each([
      ['garbage', 'Expected HTTP/, RTSP/ or ICE/'],
      ['a space before the colon', 'Invalid header token'],
      ['line feeds alone', 'Missing expected CR after response line'],
      ['a control character in a header', 'Invalid header value char'],
    ])('%s: llhttp reason, in the same words', async (kind, reason) => {
      const run = await runSvcProcess(['email', 'drafts', 'get', kind, '--retries', '0'], {
        build,
        env: { SERVICE_BASE_URL: `http://127.0.0.1:${port}/v1`, SERVICE_API_KEY: 'k_12345678' },
      });
      expect(run).toEqual({ code: 3, stdout: '', stderr: `svc: the answer from 127.0.0.1:${port} is not HTTP/1.1 svc can read (${reason})\n` });
    });
  });
});

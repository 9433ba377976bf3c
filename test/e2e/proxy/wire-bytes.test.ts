import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../../src/version.js';
import { eachBuild } from '../../support/builds.js';
import { runSvcProcess } from '../../support/svc.js';

// The bytes each build puts on the wire for a call, read by a plain TCP server: the same request
// line, headers in the same order and case, and body. The standalone binary sends a call made alone
// through Bun's node:http, which added `Host` and `Connection` after the other headers, capitalised,
// where the npm build's undici sends `host` and `connection` first.
const KEY = 'k_wire_12345678';
let server: Server;
let port = 0;
const heads: string[] = [];

beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)\r\n/i.exec(text.slice(0, end + 2))?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      heads.push(text);
      text = '';
      const body = '{"entryId":"ent_1","ok":true,"kind":"email","draftId":"dr_1","syncStatus":"synced","revision":1}';
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

eachBuild((build) => {
  const call = async (args: string[]): Promise<string> => {
    const before = heads.length;
    const run = await runSvcProcess(args, { build, env: { SERVICE_BASE_URL: `http://127.0.0.1:${port}/v1`, SERVICE_API_KEY: KEY } });
    expect(run.code, run.stderr).toBe(0);
    expect(heads.length).toBe(before + 1);
    return heads.at(-1)!;
  };
  const start = (line: string) =>
    `${line} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\naccept: application/json\r\nuser-agent: svc/${VERSION}\r\nauthorization: Bearer ${KEY}\r\n`;

  describe('the bytes of a call on the wire', () => {
    it('a GET', async () => {
      expect(await call(['email', 'drafts', 'get', 'dr_1'])).toBe(`${start('GET /v1/email/drafts/dr_1')}\r\n`);
    });

    it('a POST with its JSON body', async () => {
      const body = '{"data":{"name":"Acme","amount":12000}}';
      expect(await call(['crm', 'entries', 'create', 'deals', '--data', 'name=Acme', '--data', 'amount:=12000'])).toBe(
        `${start('POST /v1/crm/objects/deals/entries')}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });

    it('a DELETE with a body', async () => {
      const body = '{"path":"notes/todo.md"}';
      expect(await call(['files', 'delete', 'notes/todo.md', '--yes'])).toBe(
        `${start('DELETE /v1/files')}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
  });
});

import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificates, hasOpenssl, makeCertificates } from '../../../scripts/bench/private-ca.mjs';
import { MEETINGS, meetingsAs } from '../../areas/descriptions.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess, type SvcRun } from '../../support/svc.js';
import { findTinyproxy, startTinyproxy, type Tinyproxy } from '../../support/tinyproxy.js';
import { startTlsFront, type TlsFront } from '../../support/tls-front.js';

// `svc areas add <https URL>` fetches the description as a call is sent: through the proxy (a real
// tinyproxy), trusting a private CA (NODE_EXTRA_CA_CERTS, so a real process), within the time-out,
// with the profile's credential only when asked and only to the origin named. The description server
// sits behind a TLS terminator whose certificate that CA signed, and records what it received.

const tinyproxyBinary = findTinyproxy();
const skipped = !tinyproxyBinary ? 'tinyproxy is not installed' : !hasOpenssl() ? 'openssl is not installed' : undefined;
const KEY = 'svc_agent_areas_url_CANARY_1234';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

let certs: Certificates;
let proxy: Tinyproxy;
let descriptions: Server;
let other: Server;
let front: TlsFront;
let otherFront: TlsFront;
const received: Received[] = [];
const otherReceived: Received[] = [];

/** A server of descriptions: /meetings.json, /calls.json, a redirect to the other origin, a 404. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe.skipIf(skipped)(`svc areas add <https URL>, through a real proxy and a private CA${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  beforeAll(async () => {
    certs = makeCertificates();
    other = createServer((request, response) => {
      otherReceived.push({ path: request.url ?? '', headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(meetingsAs('moved')));
    });
    otherFront = await startTlsFront(certs.servers.trusted, await listen(other));
    descriptions = createServer((request, response) => {
      received.push({ path: request.url ?? '', headers: request.headers });
      if (request.url === '/meetings.json') return void response.end(JSON.stringify(MEETINGS));
      if (request.url === '/calls.yaml') return void response.end(`# YAML\n${JSON.stringify(meetingsAs('calls'))}\n`);
      if (request.url === '/moved.json') {
        response.writeHead(302, { location: `${otherFront.origin}/moved.json` });
        return void response.end();
      }
      response.writeHead(404);
      response.end('{"error":{"message":"no such description"}}');
    });
    front = await startTlsFront(certs.servers.trusted, await listen(descriptions));
    proxy = await startTinyproxy(tinyproxyBinary!);
  });
  afterAll(async () => {
    await Promise.all([proxy?.stop(), front?.close(), otherFront?.close()]);
    descriptions?.close();
    other?.close();
    certs?.remove();
  });

  eachBuild((build) => {
    const env = (configDir: string, extra: Record<string, string> = {}) => ({
      SVC_CONFIG_DIR: configDir,
      NODE_EXTRA_CA_CERTS: certs.caFile,
      HTTPS_PROXY: proxy.origin,
      SERVICE_API_KEY: KEY,
      ...extra,
    });
    const add = (configDir: string, url: string, ...flags: string[]): Promise<SvcRun> =>
      runSvcProcess(['areas', 'add', url, ...flags], { build, env: env(configDir) });
    const stored = (configDir: string) => existsSync(join(configDir, 'areas', 'default', 'index.json'));

    it('goes through the proxy, trusts the private CA, and sends no credential unless asked', async () => {
      const configDir = freshConfigDir();
      const before = proxy.requestLines().length;
      const run = await add(configDir, `${front.origin}/meetings.json`);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^svc areas: 6 operations in 1 area \(meetings\) added/);
      expect(proxy.requestLines().slice(before)).toEqual([`CONNECT 127.0.0.1:${front.port} HTTP/1.1`]);
      expect(received.at(-1)!.headers.authorization).toBeUndefined();
      // A YAML one, with the credential, which svc redacts from everything it prints.
      const withKey = await add(configDir, `${front.origin}/calls.yaml`, '--with-credential');
      expect(withKey.code, withKey.stderr).toBe(0);
      expect(received.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(withKey.stderr).not.toContain(KEY);
      // Updated as it was added: the URL again, the credential again, through the proxy again.
      const count = received.length;
      const update = await runSvcProcess(['areas', 'update'], { build, env: env(configDir) });
      expect(update.code, update.stderr).toBe(0);
      expect(received.slice(count).map((request) => [request.path, request.headers.authorization])).toEqual([
        ['/calls.yaml', `Bearer ${KEY}`],
        ['/meetings.json', undefined],
      ]);
    });

    it('follows a redirect to another origin without the credential', async () => {
      const configDir = freshConfigDir();
      const run = await add(configDir, `${front.origin}/moved.json`, '--with-credential');
      expect(run.code, run.stderr).toBe(0);
      expect(received.at(-1)).toMatchObject({ path: '/moved.json', headers: { authorization: `Bearer ${KEY}` } });
      expect(otherReceived.at(-1)!.headers.authorization).toBeUndefined();
    });

    it.each<[string, (configDir: string) => Promise<SvcRun>, number, RegExp]>([
      [
        'a certificate the private CA did not sign',
        (dir) => runSvcProcess(['areas', 'add', `${front.origin}/meetings.json`], { build, env: { ...env(dir), NODE_EXTRA_CA_CERTS: '' } }),
        3,
        /is not trusted/,
      ],
      ['an answer 404', (dir) => add(dir, `${front.origin}/none.json`), 5, /answered HTTP 404: no description was read/],
      ['plain http to another machine', (dir) => add(dir, 'http://example.com/openapi.json'), 2, /must use https \(or http to this machine\)/],
      ['a user name in the URL', (dir) => add(dir, `https://user:secret@127.0.0.1:${front.port}/meetings.json`), 2, /holds a user name or password/],
      [
        '--with-credential for a file',
        (dir) => runSvcProcess(['areas', 'add', 'openapi.json', '--with-credential'], { build, env: env(dir) }),
        2,
        /goes with an https URL/,
      ],
    ])('refuses %s in one line, storing nothing', async (_name, attempt, code, message) => {
      const configDir = freshConfigDir();
      const run = await attempt(configDir);
      expect(run.code, run.stderr).toBe(code);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toContain('secret');
      expect(stored(configDir)).toBe(false);
    });
  });
});

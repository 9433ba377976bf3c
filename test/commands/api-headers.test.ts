import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { scriptedForTest } from '../support/scripted-server.js';
import { tempFolder } from '../support/temp-folder.js';

// The real bin/svc against a server on 127.0.0.1 that records each request it receives.

const TOKEN = 'svc_agent_headersecret42';
const TIMEOUT = { timeout: 45_000 };
const SLOW = { timeoutMs: 40_000 };

const env = (server: { url: string }) => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: TOKEN });
const headerLines = (raw: string[]) => raw.flatMap((value, index) => (index % 2 === 0 ? [`${value.toLowerCase()}: ${raw[index + 1]}`] : []));

describe.concurrent('svc api -H', TIMEOUT, () => {
  it('sends each header, a repeated name joined, and still the credential', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    const run = await runSvc(['api', 'GET', '/things', '-H', 'X-Trace: one', '-H', 'x-trace:two ', '--header', 'Accept-Language:  fr'], {
      env: env(server),
      ...SLOW,
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [request] = server.received;
    expect(request!.headers['x-trace']).toBe('one, two');
    expect(request!.headers['accept-language']).toBe('fr');
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.for([
    ['X-Evil: a\r\nAuthorization: Bearer stolen', /^svc: -H: the value of X-Evil holds a line break/],
    ['X-Evil: a\nX-Other: b', /^svc: -H: the value of X-Evil holds a line break/],
    ['X-Evil: a\u001b]0;title\u0007', /^svc: -H: the value of X-Evil holds a line break or another control character/],
    ['Bad Name: x', /^svc: -H: "Bad Name" is not a header name/],
    ['X-Split\r\nHost: evil: x', /is not a header name/],
    ['NoColon', /^svc: -H: expected "Name: value"/],
    ['Host: evil.example', /^svc: -H: Host is set by svc/],
    ['Content-Length: 0', /^svc: -H: Content-Length is set by svc/],
    ['Transfer-Encoding: chunked', /^svc: -H: Transfer-Encoding is set by svc/],
    ['Authorization: Bearer someone-else', /^svc: -H: Authorization would replace the credential svc sends; add --header-authorization-ok/],
  ] as const)('refuses %j in one line, exit 2, nothing sent', async ([header, message], { onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    const run = await runSvc(['api', 'GET', '/things', '-H', header], { env: env(server), ...SLOW });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(server.received).toEqual([]);
  });

  it('--header-authorization-ok sends the given Authorization instead, and redacts it', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    const mine = 'Bearer svc_agent_othertoken77';
    server.script('/v1/things', { body: { echoed: mine }, headers: { 'x-echo': mine } });
    const run = await runSvc(['api', 'GET', '/things', '-H', `Authorization: ${mine}`, '--header-authorization-ok', '-i'], {
      env: env(server),
      ...SLOW,
    });
    expect(run.code).toBe(0);
    expect(server.received[0]!.rawHeaders.filter((name) => name.toLowerCase() === 'authorization')).toHaveLength(1);
    expect(server.received[0]!.headers.authorization).toBe(mine);
    expect(run.stdout + run.stderr).not.toContain('othertoken77');
    expect(run.stderr).toMatch(/^x-echo: \S*\*{4,}$/m);
  });
});

describe.concurrent('svc api -i', TIMEOUT, () => {
  it('prints the status and headers on stderr, the token redacted wherever the server echoes it', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    server.script('/v1/things', { body: { seen: `Bearer ${TOKEN}` }, headers: { 'x-echo-auth': `Bearer ${TOKEN}`, 'set-cookie': [`t=${TOKEN}`, 'u=1'] } });
    const run = await runSvc(['api', 'GET', '/things', '-i'], { env: env(server), ...SLOW });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^HTTP 200\n/);
    expect(run.stderr).toMatch(/^x-echo-auth: Bearer svc_agent_\*{8}$/m);
    expect(run.stderr).toMatch(/^set-cookie: t=svc_agent_\*{8}, u=1$/m);
    expect(run.stdout + run.stderr).not.toContain('headersecret42');
    expect(JSON.parse(run.stdout)).toEqual({ seen: expect.stringMatching(/^Bearer svc_agent_\*{8}$/) });
  });

  it('with --output json prints one {status, headers, body} envelope, also for an error status', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    server.script('/v1/things', {
      status: 409,
      body: { error: { message: `conflict for ${TOKEN}`, type: 'conflict_error', code: 'conflict' } },
      headers: { 'x-echo-auth': TOKEN },
    });
    const run = await runSvc(['api', 'GET', '/things', '-i', '--output', 'json'], { env: env(server), ...SLOW });
    expect(run.code).toBe(1);
    const envelope = JSON.parse(run.stdout) as { status: number; headers: Record<string, string>; body: { error: { message: string } } };
    expect(envelope.status).toBe(409);
    expect(envelope.headers['content-type']).toBe('application/json');
    expect(envelope.headers['x-echo-auth']).toMatch(/^svc_agent_\*{8}$/);
    expect(envelope.body.error.message).toMatch(/^conflict for svc_agent_\*{8}$/);
    expect(run.stdout + run.stderr).not.toContain('headersecret42');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe.concurrent('svc api --input', TIMEOUT, () => {
  it('sends a file byte for byte, with the content type -H gives', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    server.script('/v1/things', { body: { ok: true } });
    const file = join(tempFolder('svc-input-'), 'body.xml');
    writeFileSync(file, '<a>ü</a>\n  ');
    const run = await runSvc(['api', 'POST', '/things', '--input', file, '-H', 'Content-Type: application/xml'], { env: env(server), ...SLOW });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(server.received[0]).toMatchObject({ method: 'POST', body: '<a>ü</a>\n  ', headers: { 'content-type': 'application/xml' } });
  });

  it('reads standard input with -; refuses --input with --data, and a missing file, sending nothing', async ({ onTestFinished }) => {
    const server = await scriptedForTest(onTestFinished);
    const piped = await runSvc(['api', 'PUT', '/things', '--input', '-'], { env: env(server), input: '{"raw": 1}', ...SLOW });
    expect(piped.code).toBe(0);
    expect(server.received[0]).toMatchObject({ method: 'PUT', body: '{"raw": 1}', headers: { 'content-type': 'application/json' } });
    for (const args of [
      ['--input', '-', '--data', 'a=1'],
      ['--input', join(tempFolder('svc-input-'), 'missing.json')],
    ]) {
      const run = await runSvc(['api', 'POST', '/things', ...args], { env: env(server), ...SLOW });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(server.received).toHaveLength(1);
  });
});

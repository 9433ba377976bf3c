import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSvc } from '../support/svc.js';
import { secretForms, secretOutputs } from './tables/secret-forms.js';

// A real server on 127.0.0.1 gives the credential back in every form a server, a proxy or a
// formatter could (test/commands/tables/secret-forms.ts), and the real bin/svc prints each through
// every output. The key is full of characters that encodings change: %, ", \, /, +, =, <, &.
const KEY = 'ws_key_CANARY/+=%"\\<>&9d8c7b6a5f4e3d2c1b0a';

let url = '';
const received: string[] = [];
const server = createServer((req, res) => {
  const index = Number(/\/(\d+)(?:\/|$)/.exec(req.url ?? '')?.[1]);
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  received.push(token);
  const answer = secretForms[index]!.answer(token);
  res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
  res.end(answer.body);
  req.resume();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Any piece of the key, in any of its forms, is a leak: a redaction shows none of it. */
function leaked(printed: string): string[] {
  const pieces = [
    KEY.slice(4, 14),
    KEY.slice(-12),
    encodeURIComponent(KEY).slice(-12),
    JSON.stringify(KEY).slice(-12, -1),
    Buffer.from(`user:${KEY}`).toString('base64').slice(8, 24),
  ];
  return pieces.filter((piece) => printed.includes(piece));
}

const runs = secretForms.flatMap((form, index) => secretOutputs.map((args) => ({ form: form.form, index, args })));

describe.concurrent('a credential echoed back in any form is never printed', () => {
  it.each(runs)('$form, with $args', async ({ index, args }) => {
    const words = index === secretForms.length - 1 ? ['crm', 'tasks', 'series', 'occurrences', 'list', `${index}`] : ['email', 'drafts', 'get', `${index}`];
    const run = await runSvc([...words, ...args], { env: { SERVICE_API_KEY: KEY, SERVICE_BASE_URL: url } });
    expect(run.code === 0 || run.code === 1).toBe(true);
    expect(leaked(run.stdout + run.stderr)).toEqual([]);
    expect(run.stderr).not.toMatch(/^svc: the key/m); // a line break from the server cannot start a line
  });

  it('the server did receive the key whole: the runs were real', () => {
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((token) => token === KEY)).toBe(true);
  });
});

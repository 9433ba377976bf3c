import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { SVC_BIN, freshConfigDir } from '../../support/svc.js';

// Ctrl-C in the middle of a batch: a real signal to the real bin/svc against the mock on 127.0.0.1.
let server: MockServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startMockServer({ port: 0, latencyMs: 5 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey };
});

const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { line: number; ok: boolean; status: number | null; error?: { kind: string } });
const leads = (count: number, name: (i: number) => string = (i) => `lead${i}`) =>
  Array.from({ length: count }, (_, i) => JSON.stringify({ sequenceId: 'seq_123', email: `${name(i + 1)}@example.com` })).join('\n') + '\n';
/** How many POSTs reached the mock for each email: a duplicate write shows as 2. */
const postsPerEmail = () =>
  server.requests
    .filter((r) => r.method === 'POST')
    .reduce<Record<string, number>>((counts, r) => {
      const email = (JSON.parse(r.body) as { email: string }).email;
      counts[email] = (counts[email] ?? 0) + 1;
      return counts;
    }, {});

describe('svc batch: Ctrl-C mid-batch', () => {
  it('stops taking lines, finishes the calls in flight, writes their records and exits 130', async () => {
    const slow = await startMockServer({ port: 0, latencyMs: 25 });
    try {
      const child = spawn(process.execPath, [SVC_BIN, 'campaigns', 'person', 'add', '--input', '-', '--concurrency', '4'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          SVC_CONFIG_DIR: freshConfigDir(),
          SERVICE_BASE_URL: slow.url,
          SERVICE_API_KEY: slow.apiKey,
        },
      });
      child.stdin.on('error', () => {}); // svc stops reading at Ctrl-C: the rest of the write meets a closed pipe
      child.stdin.end(leads(2000));
      let stdout = '';
      let stderr = '';
      let signalled = false;
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!signalled && stdout.split('\n').length > 20) {
          signalled = true;
          child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(130);
      expect(stdout.endsWith('\n')).toBe(true); // no half-written record
      const out = records(stdout);
      expect(out.length).toBeGreaterThan(20);
      expect(out.length).toBeLessThan(2000);
      // Every record is a line the mock received, and every line the mock received has its record.
      expect(out.map((r) => r.line)).toEqual([...Array(out.length).keys()].map((i) => i + 1));
      expect(out.every((r) => r.ok)).toBe(true);
      const received = slow.requests.map((r) => (JSON.parse(r.body) as { email: string }).email);
      expect(received.sort()).toEqual(out.map((r) => `lead${r.line}@example.com`).sort());
      expect(stderr).toBe(`svc: interrupted: ${out.length} lines done, ${out.length} succeeded, 0 failed; lines after line ${out.length} were not started\n`);
    } finally {
      await slow.close();
    }
  });

  it('Ctrl-C while standard input sends nothing more still ends the batch', async () => {
    const child = spawn(process.execPath, [SVC_BIN, 'campaigns', 'person', 'add', '--input', '-'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SVC_CONFIG_DIR: freshConfigDir(), ...env },
    });
    child.stdin.on('error', () => {}); // svc exits without reading to the end: not the test's failure
    child.stdin.write(leads(2)); // and never ends
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').length > 2 && !child.killed) child.kill('SIGINT'); // both records are out
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(records(stdout).map((r) => r.line)).toEqual([1, 2]);
    expect(Object.keys(postsPerEmail())).toHaveLength(2);
  });
});

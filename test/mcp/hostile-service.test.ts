// Every way a call can fail is a tool result an agent can act on: the real bin/svc mcp (a script of
// its own, dist/mcp.cjs, beside the command line's dist/cli.cjs: only a process shows how the two
// meet) against a service on 127.0.0.1 that resets, cuts, answers HTML or text, or is too slow.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild } from '../support/builds.js';
import { freshConfigDir, TEST_CACHE_HOME } from '../support/svc.js';

const KEY = 'svc_hostile_key_0123456789';
/** Text only the service's pages hold: it must never reach the agent. */
const PAGE_TEXT = 'Internal Server Trouble at gateway-7';

/** The behaviour a request gets, named by the draft id or CRM object in its path. */
const behaviours: Record<string, (res: import('node:http').ServerResponse) => void> = {
  reset: (res) => res.socket?.destroy(),
  cut: (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
    res.write('{"ok":true,"kind":"email","draf');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  'html-500': (res) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end(`<!DOCTYPE html><html><body><h1>${PAGE_TEXT}</h1><script>alert(1)</script></body></html>`);
  },
  'html-200': (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><body><p>${PAGE_TEXT}: please log in</p></body></html>`);
  },
  'text-502': (res) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`502 Bad Gateway: ${PAGE_TEXT}`);
  },
  'invalid-json': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok": true, "kind": ');
  },
  // Past --timeout 1: the answer comes after 3 s, when the call has long been given up.
  slow: (res) =>
    void setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }, 3000),
  fine: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, kind: 'email', draftId: 'dr_fine', syncStatus: 'synced', revision: 1 }));
  },
};

let server: Server;
let baseUrl: string;
const hits = new Map<string, number>();
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const name = Object.keys(behaviours).find((key) => (req.url ?? '').includes(`/${key}`)) ?? 'fine';
    hits.set(name, (hits.get(name) ?? 0) + 1);
    behaviours[name]!(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface AgentError {
  message: string;
  retrySafe: boolean;
  mayHaveBeenApplied: boolean;
  attempts: number;
  next: string;
  status?: number;
  code?: string;
}

eachBuild((build) => {
  describe('svc mcp (the built process): every failure of a call is a tool result', () => {
    let client: Client;
    let stderr = '';
    beforeAll(async () => {
      const [command, ...words] = build.command;
      const transport = new StdioClientTransport({
        command,
        args: [...words, 'mcp', '--timeout', '1'],
        env: {
          PATH: build.path,
          HOME: process.env.HOME ?? '',
          SERVICE_BASE_URL: baseUrl,
          SERVICE_API_KEY: KEY,
          SVC_CONFIG_DIR: freshConfigDir(),
          XDG_CACHE_HOME: TEST_CACHE_HOME,
          SVC_RETRY_BASE_MS: '1',
        },
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      client = new Client({ name: 'svc-hostile', version: '1.0.0' }, {});
      await client.connect(transport);
    });
    afterAll(() => client.close());

    const errorOf = (result: { content: unknown; isError?: unknown }): AgentError => {
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]!.text;
      expect(text).not.toContain(PAGE_TEXT);
      expect(text).not.toMatch(/<html|<body|<script/i);
      return (JSON.parse(text) as { error: AgentError }).error;
    };
    const expectActionable = (error: AgentError) => {
      expect(error).toMatchObject({
        message: expect.any(String),
        retrySafe: expect.any(Boolean),
        mayHaveBeenApplied: expect.any(Boolean),
        attempts: expect.any(Number),
        next: expect.any(String),
      });
      expect(error.next.length).toBeGreaterThan(10);
    };

    const failures = ['reset', 'cut', 'html-500', 'html-200', 'text-502', 'invalid-json', 'slow'];

    it.each(failures)('a read answered with %s: an isError result, retry safe, not applied', async (name) => {
      const error = errorOf(await client.callTool({ name: 'email_drafts_get', arguments: { draftId: name } }));
      expectActionable(error);
      expect(error).toMatchObject({ retrySafe: true, mayHaveBeenApplied: false });
    });

    it.each(failures)('a write answered with %s: an isError result saying whether it may have been applied', async (name) => {
      const before = hits.get(name) ?? 0;
      const error = errorOf(await client.callTool({ name: 'crm_entries_create', arguments: { objectName: name, data: { name: 'Acme' } } }));
      expectActionable(error);
      // A POST is never sent twice; when its answer was lost or cannot be read, it may have been applied.
      expect((hits.get(name) ?? 0) - before).toBe(1);
      // Its answer lost, a success svc cannot read, or a 500 or 502 (the server failed, perhaps midway; a
      // gateway lost the origin's answer): each may have been applied, so not safe to send blindly again.
      expect(error).toMatchObject({ mayHaveBeenApplied: true, retrySafe: false });
      expect(error.next).toMatch(/check/);
    });

    it('still serves after all of them, and said nothing on standard error but its audit lines', async () => {
      const result = await client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'fine' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ result: { draftId: 'dr_fine' } });
      const lines = stderr.trimEnd().split('\n');
      expect(lines.filter((line) => !/^svc mcp: (audit |serving )/.test(line))).toEqual([]);
      expect(stderr).not.toContain(PAGE_TEXT);
    });
  });

  describe('svc mcp (the built process) over stdio: hostile lines', () => {
    it('a line over the limit, a batch and a line that is not JSON are each answered, and the next call is served', async () => {
      const { spawn } = await import('node:child_process');
      const [command, ...words] = build.command;
      const child = spawn(command, [...words, 'mcp'], {
        env: {
          PATH: build.path,
          HOME: process.env.HOME ?? '',
          SERVICE_BASE_URL: baseUrl,
          SERVICE_API_KEY: KEY,
          SVC_CONFIG_DIR: freshConfigDir(),
          XDG_CACHE_HOME: TEST_CACHE_HOME,
        },
      });
      let out = '';
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const answered = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('"id":4')) resolve();
        }),
      );
      const line = (value: unknown) => child.stdin.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`);
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      line({ jsonrpc: '2.0', method: 'notifications/initialized' });
      line(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"padding":"${'a'.repeat(3 * 1024 * 1024)}"}}`);
      line([{ jsonrpc: '2.0', id: 3, method: 'tools/list' }]);
      line('{"jsonrpc":');
      line({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
      await answered;
      child.stdin.end();
      await new Promise((resolve) => child.once('close', resolve));
      const answers = out
        .trim()
        .split('\n')
        .map((text) => JSON.parse(text) as { id?: unknown; error?: { code: number } } | { id: unknown; error: { code: number } }[]);
      expect(answers.map((a) => (Array.isArray(a) ? a.map((b) => [b.id, b.error.code]) : [a.id ?? null, a.error?.code ?? 'result']))).toEqual([
        [1, 'result'],
        [2, -32600],
        [[3, -32600]],
        [null, -32700],
        [4, 'result'],
      ]);
      expect(err.trimEnd().split('\n').slice(1)).toEqual([
        'svc mcp: a message of over 1048576 bytes (3145798 bytes) was dropped and answered with an error',
        'svc mcp: a JSON-RPC batch of 1 message was refused: batches are not served',
        'svc mcp: a line that is not JSON got a parse error',
      ]);
    });
  });
});

// svc mcp --http of each build on 127.0.0.1: the SDK's client over Streamable HTTP in both eras,
// and the door a web page meets: Host, Origin and svc mcp's own token.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild } from '../support/builds.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { type McpHttpProcess, startMcpHttp } from './http-process.js';

const TOKEN = 'mcp_test_token_0123456789abcdef';
const mock = useMockForSvc();
let server: McpHttpProcess;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** One raw POST with exactly these headers (Host included), as a browser or a rebinding attack would send it. */
function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

eachBuild((build) => {
  beforeAll(async () => {
    server = await startMcpHttp([], { SERVICE_BASE_URL: mock.server.url, SERVICE_API_KEY: mock.server.apiKey, SVC_MCP_TOKEN: TOKEN }, build);
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  describe('svc mcp --http: what a web page cannot do', () => {
    const host = () => new URL(server.url).host;
    it('answers its own token, from 127.0.0.1', async () => {
      expect((await post({ host: host(), authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      expect((await post({ host: `localhost:${new URL(server.url).port}`, origin: `http://localhost:5173`, authorization: `Bearer ${TOKEN}` })).status).toBe(
        200,
      );
    });

    it('refuses a foreign Origin with 403, even with the token', async () => {
      const refused = await post({ host: host(), origin: 'https://evil.example.com', authorization: `Bearer ${TOKEN}` });
      expect(refused.status).toBe(403);
      expect((await post({ host: host(), origin: 'null', authorization: `Bearer ${TOKEN}` })).status).toBe(403);
    });

    it('refuses a Host that is not this server (DNS rebinding) with 403', async () => {
      expect((await post({ host: 'evil.example.com', authorization: `Bearer ${TOKEN}` })).status).toBe(403);
    });

    it('refuses a missing or wrong token with 401, and the API key is no token here', async () => {
      expect((await post({ host: host() })).status).toBe(401);
      expect((await post({ host: host(), authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await post({ host: host(), authorization: `Bearer ${mock.server.apiKey}` })).status).toBe(401);
      expect(mock.server.requests).toEqual([]);
    });
  });

  describe.each(['legacy', 'modern'] as const)('svc mcp --http with the SDK client (%s era)', (era) => {
    it("lists and calls, and the API receives svc's credential, never the inbound Authorization header", async () => {
      const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } });
      const client = new Client({ name: 'svc-http-test', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools).toHaveLength(6);
        const result = await client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_456' } });
        expect(result.structuredContent).toMatchObject({ result: { draftId: 'dr_456' } });
        // Over stateless HTTP in the 2025 era no client can be asked: a destructive call is refused.
        if (era === 'legacy') expect((await client.callTool({ name: 'files_delete', arguments: { path: 'tmp/scratch.txt' } })).isError).toBe(true);
      } finally {
        await client.close();
      }
      expect(mock.server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
        `GET /v1/email/drafts/dr_456 Bearer ${mock.server.apiKey}`,
      ]);
      expect(server.stderr()).toContain('audit tool=email_drafts_get decision=allowed status=200');
    }, 30_000);
  });

  describe('starting svc mcp --http', () => {
    it('prints a token of its own once when none is set, and serves beyond loopback only with one', async () => {
      const generated = await startMcpHttp([], { SERVICE_BASE_URL: mock.server.url, SERVICE_API_KEY: mock.server.apiKey }, build);
      try {
        await expect.poll(() => generated.stderr(), { timeout: 10_000 }).toMatch(/serving 6 tools/);
        const token = /token .*: (\S+)\n/.exec(generated.stderr())?.[1];
        expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(generated.stderr().split(token!)).toHaveLength(2);
      } finally {
        await generated.stop();
      }
      await expect(startMcpHttp(['--host', '0.0.0.0'], { SERVICE_BASE_URL: mock.server.url }, build)).rejects.toThrow(
        /--host 0.0.0.0 serves beyond this machine: set SVC_MCP_TOKEN/,
      );
    }, 40_000);
  });
});

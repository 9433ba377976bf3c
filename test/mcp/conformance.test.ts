// @modelcontextprotocol/conformance against the real `svc mcp --http` of each build on 127.0.0.1. The suite
// sends no Authorization header, so a proxy that stands in for a configured client adds svc mcp's
// token and passes everything else (Host and Origin included) through unchanged.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild } from '../support/builds.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { type BearerProxy, startBearerProxy } from './bearer-proxy.js';
import { type McpHttpProcess, startMcpHttp } from './http-process.js';

const TOKEN = 'mcp_conformance_token_0123456789';
const SUITE = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json'), '..', 'dist', 'index.js');
const BASELINE = join(import.meta.dirname, 'conformance-expected-failures.yaml');
const mock = useMockForSvc();
let server: McpHttpProcess;
let proxy: BearerProxy;

eachBuild((build) => {
  beforeAll(async () => {
    server = await startMcpHttp([], { SERVICE_BASE_URL: mock.server.url, SERVICE_API_KEY: mock.server.apiKey, SVC_MCP_TOKEN: TOKEN }, build);
    proxy = await startBearerProxy(server.url, TOKEN);
  });
  afterAll(async () => {
    await proxy.close();
    await server.stop();
  });

  describe('the MCP conformance suite', () => {
    it('passes every scenario that applies (initialize, ping, tools-list, DNS rebinding); each other one is listed with its reason', async () => {
      const run = await promisify(execFile)(process.execPath, [SUITE, 'server', '--url', proxy.url, '--suite', 'all', '--expected-failures', BASELINE], {
        timeout: 240_000,
        maxBuffer: 32 * 1024 * 1024,
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
      const output = `${run.stdout}\n${run.stderr}`;
      for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'])
        expect(output).toMatch(new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`));
      expect((run as { code?: number }).code ?? 0, output.slice(-3000)).toBe(0);
    }, 300_000);
  });
});

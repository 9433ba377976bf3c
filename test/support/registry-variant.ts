// svc built from another registry: a CLI laid out as the installed one (scripts/bench/cli-variant.mjs),
// or the standalone binary compiled from the same bundle (scripts/package/standalone.mjs), whose
// registry/areas.ts is replaced by a test's own areas module, so every command, completion,
// `svc ops`, the export and `svc mcp` read that registry. Built once per test file and build, in its temp folder.
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Plugin } from 'esbuild';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildCliVariant } from '../../scripts/bench/cli-variant.mjs';
import { buildStandalone } from '../../scripts/package/standalone.mjs';
import { NPM_BUILD, type SvcBuild } from './builds.js';
import { type ScriptedAnswer, type ScriptedServer, startScriptedServer } from './scripted-server.js';
import { type Arg, freshConfigDir, runSvcProcess, type ProcessOptions, TEST_CACHE_HOME } from './svc.js';
import { tempFolder } from './temp-folder.js';

const REPO = resolve(import.meta.dirname, '..', '..');

/** `build` of svc with `areasFile` (a module exporting `areas`, as registry/areas.ts does) as its registry. */
export async function buildSvcWithAreas(areasFile: string, build: SvcBuild = NPM_BUILD): Promise<SvcBuild> {
  const registryAreas = join(REPO, 'registry', 'areas.js');
  const plugin: Plugin = {
    name: 'test-registry',
    setup(esbuild) {
      esbuild.onResolve({ filter: /areas\.js$/ }, (args) => (join(args.resolveDir, args.path) === registryAreas ? { path: areasFile } : undefined));
    },
  };
  const folder = tempFolder('svc-variant-');
  if (!build.standalone) return { ...build, command: [process.execPath, await buildCliVariant({ repoRoot: REPO, folder, plugins: [plugin] })] };
  const output = join(folder, 'svc');
  await buildStandalone({ output, plugins: [plugin], log: () => {} });
  return { ...build, command: [output], path: build.path };
}

/**
 * For one test file: svc (`build`, the npm build by default) built from `areasFile` and a scripted
 * server on 127.0.0.1 that answers `answers` (by URL), both for the whole file. Each test starts
 * with nothing received and a fresh settings folder, the server's URL and an API key in `env`;
 * `svc` runs the built svc in it, and `mcpClient` connects an MCP SDK client to its `svc mcp`.
 */
export function useRegistryVariant(areasFile: string, answers: Record<string, ScriptedAnswer>, build: SvcBuild = NPM_BUILD) {
  let variant: SvcBuild | undefined;
  let server: ScriptedServer | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    variant = await buildSvcWithAreas(areasFile, build);
    server = await startScriptedServer();
    for (const [url, answer] of Object.entries(answers)) server.script(url, answer);
  }, 600_000);
  afterAll(() => server?.close());
  beforeEach(() => {
    server!.received.length = 0;
    env = { SERVICE_BASE_URL: server!.url, SERVICE_API_KEY: 'svc_test_key_123456', SVC_CONFIG_DIR: freshConfigDir() };
  });
  return {
    get build() {
      return variant!;
    },
    get server() {
      return server!;
    },
    get env() {
      return env;
    },
    svc: (args: readonly Arg[], options: ProcessOptions = {}) => runSvcProcess(args, { build: variant, env, ...options }),
    async mcpClient(): Promise<Client> {
      const [command, ...words] = variant!.command;
      const transport = new StdioClientTransport({
        command,
        args: [...words, 'mcp'],
        env: { PATH: variant!.path, HOME: process.env.HOME ?? '', ...env, XDG_CACHE_HOME: TEST_CACHE_HOME },
      });
      const client = new Client({ name: 'svc-e2e', version: '1.0.0' });
      await client.connect(transport);
      return client;
    },
  };
}

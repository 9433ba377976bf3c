import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { useRegistryVariant } from '../../support/registry-variant.js';
import { tempFolder } from '../../support/temp-folder.js';

// End to end: svc of each build, built from a test registry (test/fixtures/grammar-registry) whose commands have
// hyphenated words and header parameters, against a real HTTP server on 127.0.0.1. Assertions read
// what the server received, and what each consumer of the registry prints.

const exec = promisify(execFile);
const FILE = { name: 'README.md', sha: 'abc123' };
eachBuild((build) => {
  const variant = useRegistryVariant(
    join(import.meta.dirname, '..', '..', 'fixtures', 'grammar-registry', 'areas.ts'),
    {
      '/v1/repos/octo/hello/contents/README.md?ref=main': { body: FILE },
      '/v1/repos/octo/hello/contents/README.md': { body: FILE },
      '/v1/repos/octo/labels/bug': { body: { name: 'bug' } },
    },
    build,
  );
  const { svc } = variant;
  const CALL = ['repos', 'get-content', 'octo', 'hello', 'README.md'];

  describe('a command with a hyphenated word and header parameters', () => {
    it('sends each header parameter given as a flag, and no other', async () => {
      const run = await svc([...CALL, '--ref', 'main', '--if-none-match', '"abc123"', '--x-request-priority', 'high', '--x-max-age', '60']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual(FILE);
      expect(variant.server.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/repos/octo/hello/contents/README.md?ref=main']);
      const { headers } = variant.server.received[0]!;
      expect(headers).toMatchObject({
        'if-none-match': '"abc123"',
        'x-request-priority': 'high',
        'x-max-age': '60',
        authorization: 'Bearer svc_test_key_123456',
        accept: 'application/json',
      });
      expect(headers).not.toHaveProperty('x-api-key');
    });

    it('sends the required header of a PUT with its body', async () => {
      const run = await svc(['repos', 'put-label', 'octo', 'bug', '--if-match', 'etag-1', '--color', 'ff0000']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(variant.server.received.map((r) => [r.method, r.url, r.headers['if-match'], r.body])).toEqual([
        ['PUT', '/v1/repos/octo/labels/bug', 'etag-1', '{"color":"ff0000"}'],
      ]);
    });

    it.each([
      [['repos', 'put-label', 'octo', 'bug', '--color', 'ff0000'], 'svc: invalid input: --if-match: required'],
      [[...CALL, '--x-request-priority', 'urgent'], "argument 'urgent' is invalid"],
      [[...CALL, '--x-max-age', '-1'], 'svc: invalid input: --x-max-age:'],
      [[...CALL, '--x-max-age', 'soon'], '--x-max-age'],
      [[...CALL, '--if-none-match', 'a\r\nX-Injected: 1'], 'svc: invalid input: --if-none-match: a header value is printable ASCII on one line'],
      [[...CALL, '--if-none-match', 'caf\u00e9'], 'svc: invalid input: --if-none-match: a header value is printable ASCII on one line'],
    ])('refuses a bad header value in one line, exit 2, nothing sent (%#)', async (args, message) => {
      const run = await svc(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(variant.server.received).toEqual([]);
    });

    it('keeps a header parameter that carries a credential out of --dry-run and --debug', async () => {
      const secret = 'hostkey-5f2e9c81d7';
      const dry = await svc([...CALL, '--x-api-key', secret, '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(/^x-api-key: /m);
      expect(dry.stdout + dry.stderr).not.toContain(secret);
      const debug = await svc([...CALL, '--x-api-key', secret, '--debug']);
      expect(debug.code).toBe(0);
      expect(variant.server.received[0]!.headers['x-api-key']).toBe(secret);
      expect(debug.stderr).toMatch(/> x-api-key: /);
      expect(debug.stdout + debug.stderr).not.toContain(secret);
    });

    it('runs through an alias and in batch mode, each line with its own header values', async () => {
      expect((await svc(['alias', 'set', 'readme', 'repos get-content octo hello README.md'])).code).toBe(0);
      expect((await svc(['readme', '--if-none-match', 'e0'])).code).toBe(0);
      const lines = `${JSON.stringify({ path: 'README.md', 'if-none-match': 'e1' })}\n${JSON.stringify({ path: 'README.md', 'x-max-age': 5 })}\n`;
      const batch = await svc(['repos', 'get-content', 'octo', 'hello', '--input', '-', '--x-request-priority', 'low', '--concurrency', '1'], { input: lines });
      expect(batch).toMatchObject({ code: 0 });
      const seen = variant.server.received.map((r) => [r.headers['if-none-match'], r.headers['x-request-priority'], r.headers['x-max-age']]);
      expect(seen).toEqual([
        ['e0', undefined, undefined],
        ['e1', 'low', undefined],
        [undefined, 'low', '5'],
      ]);
      const refused = await svc(['repos', 'get-content', 'octo', 'hello', '--input', '-'], {
        input: `${JSON.stringify({ path: 'README.md', 'x-request-priority': 'urgent' })}\n`,
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stdout + refused.stderr).toContain('x-request-priority');
      expect(variant.server.received).toHaveLength(3);
    });
  });

  describe('what the other consumers say of it', () => {
    it('help and svc ops show the command words and each header flag with its meaning', async () => {
      const help = await svc(['repos', 'get-content', '--help']);
      expect(help.stdout).toContain('svc repos get-content');
      const text = help.stdout.replace(/\s+/g, ' ');
      expect(text).toContain('--if-none-match <string> answer 304 when the file still has this entity tag');
      expect(text).toContain('--x-request-priority <value> how soon the service should answer (choices: "low", "high")');
      const ops = await svc(['ops', 'repos', 'get-content', '--output', 'json']);
      const described = JSON.parse(ops.stdout) as { command: string; headers: { properties: Record<string, unknown> }; flags: { flag: string }[] };
      expect(described.command).toBe('svc repos get-content <owner> <repo> <path>');
      expect(Object.keys(described.headers.properties)).toEqual(['if-none-match', 'x-request-priority', 'x-max-age', 'x-api-key']);
      expect(described.flags.map((f) => f.flag)).toContain('--if-match <string>'.replace('if-match', 'if-none-match'));
      expect(JSON.parse((await svc(['ops', 'repos_get-content'])).stdout)).toMatchObject({ id: 'repos_get-content', headers: described.headers });
      expect((await svc(['ops'])).stdout).toContain('repos_put-label');
    });

    it('the export writes header parameters and component names an independent validator accepts', async () => {
      const run = await svc(['openapi']);
      const doc = JSON.parse(run.stdout) as {
        paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string; required: boolean }[] }>>;
        components: { schemas: Record<string, unknown> };
      };
      const get = doc.paths['/repos/{owner}/{repo}/contents/{path}']!.get!;
      expect(get.operationId).toBe('repos_get-content');
      expect(get.parameters.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['if-none-match', 'x-request-priority', 'x-max-age', 'x-api-key']);
      expect(doc.paths['/repos/{owner}/labels/{name}']!.put!.parameters.find((p) => p.in === 'header')).toMatchObject({ name: 'if-match', required: true });
      expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ReposGetContentResponse', 'ReposPutLabelBody']));
      const result = await new Validator().validate(doc as never);
      expect(result.errors).toBeUndefined();
    });

    it('MCP tools take the header parameters as arguments, and a call sends them', async () => {
      const run = await svc(['mcp', 'tools', '--json']);
      expect(run.stderr).toMatch(/^2 tools; tools\/list is \d+ bytes/);
      const { tools } = JSON.parse(run.stdout) as { tools: { name: string; inputSchema: { properties: Record<string, unknown>; required: string[] } }[] };
      const put = tools.find((tool) => tool.name === 'repos_put-label')!;
      // A PUT is idempotent: its tool takes a wait too (src/mcp/tool-wait.ts), never required.
      expect(Object.keys(put.inputSchema.properties)).toEqual(['owner', 'name', 'if-match', 'color', 'wait']);
      expect(put.inputSchema.required).toContain('if-match');
      expect(tools.map((tool) => tool.name)).toEqual(['repos_get-content', 'repos_put-label']);
      const client = await variant.mcpClient();
      try {
        const called = await client.callTool({ name: 'repos_put-label', arguments: { owner: 'octo', name: 'bug', 'if-match': 'etag-9', color: '00ff00' } });
        expect(called.isError).toBeFalsy();
        const refused = await client.callTool({ name: 'repos_put-label', arguments: { owner: 'octo', name: 'bug', 'if-match': 'a\nb', color: '00ff00' } });
        expect(refused.isError).toBe(true);
      } finally {
        await client.close();
      }
      expect(variant.server.received.map((r) => [r.method, r.url, r.headers['if-match'], r.body])).toEqual([
        ['PUT', '/v1/repos/octo/labels/bug', 'etag-9', '{"color":"00ff00"}'],
      ]);
    });

    it('completion offers the hyphenated words and the header flags in bash and fish, and lists them for zsh and PowerShell', async () => {
      const dir = tempFolder('svc-grammar-completion-');
      const scripts: Record<string, string> = {};
      for (const shell of ['bash', 'zsh', 'fish', 'powershell']) {
        const run = await svc(['completion', shell]);
        expect(run).toMatchObject({ code: 0, stderr: '' });
        scripts[shell] = run.stdout;
      }
      writeFileSync(join(dir, 'svc.bash'), scripts.bash!);
      const ask = (words: string[]) => `ask ${words.map((w) => `'${w}'`).join(' ')}`;
      const program = `source '${join(dir, 'svc.bash')}'
  ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _svc_complete; local IFS=' '; echo "\${COMPREPLY[*]}"; }
  ${ask(['svc', 'repos', ''])}
  ${ask(['svc', 'repos', 'get-content', 'o', 'r', 'p', '--if'])}
  ${ask(['svc', 'repos', 'get-content', 'o', 'r', 'p', '--x-request-priority', ''])}
  ${ask(['svc', 'ops', 'repos_g'])}`;
      const { stdout } = await exec('bash', ['--norc', '--noprofile', '-c', program]);
      expect(stdout.split('\n').slice(0, 4)).toEqual(['get-content put-label', '--if-none-match', 'low high', 'repos_get-content']);
      expect(scripts.zsh).toContain("_svc_subcommands_rows+=( 'repos' 'get-content put-label' )");
      expect(scripts.zsh).toContain("_svc_description_rows+=( 'repos get-content --if-none-match' 'answer 304 when the file still has this entity tag' )");
      expect(scripts.powershell).toContain("$__svc_subcommands['repos'] = @('get-content', 'put-label')");
      expect(scripts.fish).toContain("case 'repos get-content'");
    });

    it('a deprecated operation says so in help, svc ops, the export and its MCP tool', async () => {
      const help = (await svc(['repos', 'put-label', '--help'])).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('Deprecated: the service marks this operation deprecated; it still works, and may be removed.');
      expect((await svc(['repos', 'get-content', '--help'])).stdout).not.toContain('Deprecated');
      expect((await svc(['repos', '--help'])).stdout.replace(/\s+/g, ' ')).toMatch(
        /put-label \[options\] <owner> <name> Deprecated: Create or replace a label/,
      );
      const listed = JSON.parse((await svc(['ops'])).stdout) as { id: string; deprecated?: boolean }[];
      expect(listed.map((op) => [op.id, op.deprecated ?? false])).toEqual([
        ['repos_get-content', false],
        ['repos_put-label', true],
      ]);
      expect(JSON.parse((await svc(['ops', 'repos_put-label'])).stdout)).toMatchObject({ id: 'repos_put-label', deprecated: true });
      const doc = JSON.parse((await svc(['openapi'])).stdout) as { paths: Record<string, Record<string, { deprecated?: boolean }>> };
      expect(doc.paths['/repos/{owner}/labels/{name}']!.put!.deprecated).toBe(true);
      expect(doc.paths['/repos/{owner}/{repo}/contents/{path}']!.get).not.toHaveProperty('deprecated');
      const { tools } = JSON.parse((await svc(['mcp', 'tools', '--json'])).stdout) as { tools: { name: string; description: string }[] };
      expect(tools.map((tool) => tool.description.startsWith('Deprecated. '))).toEqual([false, true]);
    });

    it('the reference manual has a section for each operation', async () => {
      const run = await svc(['help', 'reference']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('svc repos get-content');
      expect(run.stdout).toContain('--if-none-match');
    });
  });
});

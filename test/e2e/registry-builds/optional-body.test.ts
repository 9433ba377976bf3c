import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { useRegistryVariant } from '../../support/registry-variant.js';

// End to end: svc of each build, built from a test registry (test/fixtures/optional-body-registry) whose
// operation's body is optional, against a real HTTP server on 127.0.0.1. A body goes out only when
// something was given for it, from every front end; what the server received is the proof.

eachBuild((build) => {
  const variant = useRegistryVariant(
    join(import.meta.dirname, '..', '..', 'fixtures', 'optional-body-registry', 'areas.ts'),
    {
      '/v1/items/it_1/star': { body: { id: 'it_1' } },
      '/v1/items/it_2/star': { body: { id: 'it_2' } },
    },
    build,
  );
  const { svc } = variant;
  /** Method, URL, content type and body of each request the server received, in order. */
  const received = () => variant.server.received.map((r) => [r.method, r.url, r.headers['content-type'], r.body]);

  describe('an operation whose body is optional', () => {
    it('sends no body (and no content type) when nothing is given for it', async () => {
      const run = await svc(['items', 'star', 'it_1']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({ id: 'it_1' });
      expect(received()).toEqual([['PUT', '/v1/items/it_1/star', undefined, '']]);
    });

    it.each([
      [['--note', 'for Monday'], '{"note":"for Monday"}'],
      [['--note', 'x', '--pinned'], '{"note":"x","pinned":true}'],
      [['--body', '{"note":"whole"}'], '{"note":"whole"}'],
      [['--body', '{"note":"base"}', '--no-pinned'], '{"note":"base","pinned":false}'],
    ])('sends the body once something is given for it: %j', async (flags, body) => {
      const run = await svc(['items', 'star', 'it_1', ...flags]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(received()).toEqual([['PUT', '/v1/items/it_1/star', 'application/json', body]]);
    });

    it.each([
      [['--pinned'], 'svc: invalid input: --note: required'],
      [['--body', '{}'], 'svc: invalid input: --note: required'],
    ])('checks a body that is sent as any other: %j is refused in one line, exit 2, nothing sent', async (flags, message) => {
      const run = await svc(['items', 'star', 'it_1', ...flags]);
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(message)]);
      expect(variant.server.received).toEqual([]);
    });

    it('--dry-run shows the request without a body', async () => {
      const run = await svc(['items', 'star', 'it_1', '--dry-run']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/v1\/items\/it_1\/star\n/);
      expect(run.stdout).not.toContain('content-type');
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^user-agent: /);
      expect(variant.server.received).toEqual([]);
    });

    it('in a batch, a line sends a body only when it (or the command line) gives a field of it', async () => {
      const lines = `${JSON.stringify({ itemId: 'it_1' })}\n${JSON.stringify({ itemId: 'it_2', note: 'n' })}\n`;
      const run = await svc(['items', 'star', '--input', '-', '--concurrency', '1'], { input: lines });
      expect(run.code, run.stderr).toBe(0);
      expect(received()).toEqual([
        ['PUT', '/v1/items/it_1/star', undefined, ''],
        ['PUT', '/v1/items/it_2/star', 'application/json', '{"note":"n"}'],
      ]);
      variant.server.received.length = 0;
      const withFlag = await svc(['items', 'star', '--input', '-', '--concurrency', '1', '--pinned'], { input: lines });
      expect(withFlag.code).toBe(1);
      expect(received()).toEqual([['PUT', '/v1/items/it_2/star', 'application/json', '{"pinned":true,"note":"n"}']]);
      expect(JSON.parse(withFlag.stdout.split('\n')[0]!)).toMatchObject({ line: 1, ok: false, error: { kind: 'invalid' } });
    });

    it('help, svc ops and the export say the body is optional', async () => {
      const help = (await svc(['items', 'star', '--help'])).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('(the body is optional: without --body or a body flag, none is sent)');
      const doc = JSON.parse((await svc(['openapi'])).stdout) as { paths: Record<string, Record<string, { requestBody: { required: boolean } }>> };
      expect(doc.paths['/items/{itemId}/star']!.put!.requestBody.required).toBe(false);
      expect((await new Validator().validate(doc as never)).errors).toBeUndefined();
      expect(JSON.parse((await svc(['ops', 'items_star'])).stdout)).toMatchObject({ id: 'items_star', optionalBody: true });
    });

    it('an MCP call sends a body only when one of its fields is an argument; none is required until then', async () => {
      const { tools } = JSON.parse((await svc(['mcp', 'tools', '--json'])).stdout) as {
        tools: { name: string; description: string; inputSchema: { required: string[] } }[];
      };
      expect(tools[0]).toMatchObject({ name: 'items_star', inputSchema: { required: ['itemId'] } });
      expect(tools[0]!.description).toContain('The request body is optional');
      const client = await variant.mcpClient();
      try {
        expect((await client.callTool({ name: 'items_star', arguments: { itemId: 'it_1' } })).isError).toBeFalsy();
        expect((await client.callTool({ name: 'items_star', arguments: { itemId: 'it_2', note: 'm' } })).isError).toBeFalsy();
        expect((await client.callTool({ name: 'items_star', arguments: { itemId: 'it_2', pinned: true } })).isError).toBe(true);
      } finally {
        await client.close();
      }
      expect(received()).toEqual([
        ['PUT', '/v1/items/it_1/star', undefined, ''],
        ['PUT', '/v1/items/it_2/star', 'application/json', '{"note":"m"}'],
      ]);
    });
  });
});

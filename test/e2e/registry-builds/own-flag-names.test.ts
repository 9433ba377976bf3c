import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { useRegistryVariant } from '../../support/registry-variant.js';
import { tempFolder } from '../../support/temp-folder.js';

// End to end: bin/svc built from a registry whose fields are named like svc's own flags (test/fixtures/
// own-flags-registry), against a real HTTP server on 127.0.0.1. A field's flag then ends in -field,
// and svc's own --body, --output, --query, --paginate and --save-html keep their meaning.

eachBuild((build) => {
  const variant = useRegistryVariant(
    join(import.meta.dirname, '..', '..', 'fixtures', 'own-flags-registry', 'areas.ts'),
    {
      '/v1/issues/7/comments': { body: { id: 1, html: '<p>Looks good</p>' } },
      '/v1/issues/7/comments?query=triage': { body: { id: 2, html: '<p>x</p>' } },
    },
    build,
  );
  const { svc } = variant;

  describe('fields named like svc flags', () => {
    it('take their name and -field as their flag, beside svc own flags of those names', async () => {
      const file = join(tempFolder('svc-own-flags-'), 'comment.html');
      const run = await svc([
        ...['issues', 'create-comment', '7', '--body-field', 'Looks good', '--output-field', 'mail', '--paginate-field'],
        ...['--save-html-field', '<b>kept</b>', '--query-field', 'triage', '--save-html', file, '--output', 'yaml', '--query', 'id'],
      ]);
      expect(run).toMatchObject({ code: 0, stdout: '2\n' });
      expect(run.stderr).toMatch(/^svc: wrote html \(8 bytes\) to .*comment\.html\n$/);
      expect(variant.server.received.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
        ['POST', '/v1/issues/7/comments?query=triage', { body: 'Looks good', output: 'mail', paginate: true, saveHtml: '<b>kept</b>' }],
      ]);
      expect(readFileSync(file, 'utf8')).toBe('<p>x</p>');
    });

    it('svc --body is still the whole body, and a field flag applies on top of it', async () => {
      const run = await svc(['issues', 'create-comment', '7', '--body', '{"body":"from --body","output":"web"}', '--no-paginate-field']);
      expect(run.code).toBe(0);
      expect(JSON.parse(variant.server.received[0]!.body)).toEqual({ body: 'from --body', output: 'web', paginate: false });
      const flagged = await svc(['issues', 'create-comment', '7', '--body', '{"body":"from --body"}', '--body-field', 'from the flag']);
      expect(flagged.code).toBe(0);
      expect(JSON.parse(variant.server.received[1]!.body)).toEqual({ body: 'from the flag' });
    });

    it('a missing field is named by its flag, and nothing is sent', async () => {
      const run = await svc(['issues', 'create-comment', '7', '--output-field', 'mail']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--body-field');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(variant.server.received).toEqual([]);
    });

    it('help lists each field flag with its meaning, and svc own flags once', async () => {
      const help = await svc(['issues', 'create-comment', '--help']);
      expect(help.code).toBe(0);
      const text = help.stdout.replace(/\s+/g, ' ');
      expect(text).toContain('--body-field <string> the text of the comment (required unless --body or --input gives it)');
      expect(text).toContain('--no-paginate-field');
      expect(help.stdout.match(/^\s+--body </gm)).toHaveLength(1);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { builtins } from '../../src/cli/builtins.js';
import { readFullReference } from '../../src/cli/reference/full-reference.js';
import { renderManPages } from '../../src/cli/reference/roff.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext } from '../support/fake-context.js';
import { unroff } from './manual-files.js';

// Every command's man page has EXAMPLES, and they are the examples its `--help` prints: both are
// read from the same `Examples:` block (the registry's examples for an operation, the command's
// own help text for the rest). The pages are rendered in-process from the command tree, as
// `npm run docs` renders them, and each `--help` is run in-process through `run`.

const model = await readFullReference(createFakeContext().ctx, builtins);
const pages = renderManPages(model, '0.0.0-test');

/** The commands of a man page's EXAMPLES, a line broken with a shell continuation read as one. */
function manExamples(source: string): string[] {
  const section = source.split('.SH EXAMPLES\n')[1]?.split('\n.SH ')[0];
  if (section === undefined) return [];
  const text = unroff(section.replace(/^\.(PP|RS 4|nf|fi|RE)$/gm, '')).replace(/ \\\n\s+/g, ' ');
  return text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** The lines of the `Examples:` block `svc <words> --help` prints, at a width no example wraps in. */
async function helpExamples(words: string[]): Promise<string[]> {
  const fake = createFakeContext();
  fake.ctx.io.columns = 400;
  expect(await run([...words, '--help'], fake.ctx)).toBe(0);
  const block = fake.out().split('\nExamples:\n')[1];
  if (block === undefined) return [];
  return block
    .split(/\n\s*\n/)[0]!
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

describe('man pages of section 1', () => {
  it('are one for each command, svc(1) and every group among them', () => {
    expect(pages.size).toBe(model.commands.length);
    for (const name of ['svc.1', 'svc-auth-status.1', 'svc-config-get.1', 'svc-alias-delete.1', 'svc-crm.1', 'svc-email-drafts.1'])
      expect([...pages.keys()]).toContain(name);
  });

  it.each(model.commands.map((doc) => [doc.name, doc.words] as const))('%s: EXAMPLES holds what --help shows under Examples', async (_name, words) => {
    const source = pages.get(`${['svc', ...words].join('-')}.1`)!;
    const fromMan = manExamples(source);
    expect(fromMan.length, 'EXAMPLES is missing or empty').toBeGreaterThan(0);
    expect(fromMan).toEqual(await helpExamples(words));
    // An example runs the command it documents (or a pipeline into it).
    const path = ['svc', ...words].join(' ');
    expect(fromMan.filter((line) => line.includes(`${path}`) || line.includes('svc '))).toEqual(fromMan);
  });
});

describe('help says required only where it is', () => {
  it('svc crm entries create --help: --data is required unless --body or --input gives it, and no line carries a bare type note', async () => {
    const fake = createFakeContext();
    fake.ctx.io.columns = 400;
    expect(await run(['crm', 'entries', 'create', '--help'], fake.ctx)).toBe(0);
    const help = fake.out();
    expect(help).toMatch(/--data <key=value> +.*\(required unless --body or --input gives it\)\n/);
    expect(help).not.toMatch(/\((string|number|boolean|map|list|JSON|file), (required|optional)\)/);
    expect(help).not.toMatch(/\(required\)/);
    expect(help).toMatch(/--body <json\|@file\|-> +the whole request body as JSON; flags apply on top of it\n/);
  });

  it('a flag that is optional says nothing of it', async () => {
    const fake = createFakeContext();
    fake.ctx.io.columns = 400;
    expect(await run(['campaigns', 'person', 'add', '--help'], fake.ctx)).toBe(0);
    expect(fake.out()).not.toContain('optional)');
    expect(fake.out()).toMatch(/--email <string> +[^\n]+\n/);
  });
});

import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../registry/define.js';
import { operationFields } from '../../registry/fields.js';
import { registry } from '../../registry/index.js';
import { describeOperation } from '../../src/cli/operation-description.js';
import { REPO, chromiumAvailable, filesIn, generateManual, manAvailable, read, renderInChromium, unhtml, unroff } from './manual-files.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

let manual: Awaited<ReturnType<typeof generateManual>>;
beforeAll(async () => {
  manual = await generateManual();
}, 90_000);
afterAll(() => manual?.remove());

const operations = Object.entries(registry);
const pageOf = (id: string) => `svc-${id.split('_').join('-')}`;

/**
 * What a reader must find for an operation: its request, every input's meaning (a field without one
 * fails here, so a new operation cannot ship undocumented), every flag's help, its rules, its
 * documented errors and an example.
 */
function expectedTexts(id: string): string[] {
  const op: OperationSpec = registry[id as keyof typeof registry];
  const d = describeOperation(id, op);
  const meanings = operationFields(op).map((field) => {
    expect(field.description, `${id}: ${field.in} ${field.name} has no meaning in the registry`).toBeTruthy();
    return field.description!;
  });
  return [d.summary, `${d.method} ${d.path}`, op.examples[0]!, ...meanings, ...d.flags.map((f) => f.description), ...d.rules.map((r) => r.text), ...Object.values(d.errors)];
}

describe('npm run docs: the HTML manual', () => {
  it.each(operations.map(([id]) => id))('%s has a page with its request, flag and field meanings and an example', (id) => {
    const text = unhtml(read(manual.manualDir, `${pageOf(id)}.html`));
    for (const expected of expectedTexts(id)) expect(text).toContain(expected);
  });

  it('every page is well-formed HTML5 (no parse errors) and every internal link resolves', () => {
    const pages = filesIn(manual.manualDir).filter((name) => name.endsWith('.html'));
    expect(pages).toContain('index.html');
    expect(pages.length).toBeGreaterThan(operations.length);
    const broken: string[] = [];
    for (const name of pages) {
      const errors: string[] = [];
      const document = parse(read(manual.manualDir, name), { onParseError: (error) => errors.push(`${name}:${error.startLine}: ${error.code}`) });
      expect(errors).toEqual([]);
      for (const href of links(document)) {
        if (/^(https?:|mailto:)/.test(href)) continue;
        const [file, fragment] = href.split('#');
        const target = file || name;
        if (!existsSync(join(manual.manualDir, target))) broken.push(`${name} -> ${href}`);
        else if (fragment && !read(manual.manualDir, target).includes(`id="${fragment}"`)) broken.push(`${name} -> ${href} (no such anchor)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the index links every command page, says how to install and sign in, and lists the exit codes', () => {
    const index = unhtml(read(manual.manualDir, 'index.html'));
    for (const [id] of operations) expect(index).toContain(`href="${pageOf(id)}.html"`);
    for (const builtin of ['api', 'mock', 'config', 'completion', 'auth']) expect(index).toContain(`href="svc-${builtin}.html"`);
    for (const topic of ['batch.html', 'credentials.html', 'exit-codes.html', 'environment.html']) expect(index).toContain(`href="${topic}"`);
    expect(index).toMatch(/Getting started/);
    expect(index).toContain('SERVICE_API_KEY');
    expect(index).toMatch(/Exit codes:[\s\S]*130/);
  });

  it('svc mock\'s page documents its fixtures flag and the fault header', () => {
    const page = unhtml(read(manual.manualDir, 'svc-mock.html'));
    expect(page).toContain('--fixtures <file.json>');
    expect(page).toContain('x-mock-fault');
  });

  it('a group\'s page lists the commands directly below it, and only those', () => {
    const page = read(manual.manualDir, 'svc-email.html');
    const listed = page.slice(page.indexOf('<h2>Commands</h2>')).split('</ul>')[0]!;
    expect(listed).toContain('href="svc-email-drafts.html"');
    expect(listed).not.toContain('href="svc-email-drafts-get.html"');
  });
});

describe.skipIf(!manAvailable)(`npm run docs: man pages${manAvailable ? '' : ' (skipped: man is not installed; CI installs man-db)'}`, () => {
  it.each(operations.map(([id]) => id))('%s has a man page with its meanings and an example', (id) => {
    const text = unroff(read(manual.manDir, `${pageOf(id)}.1`));
    for (const expected of expectedTexts(id)) expect(text).toContain(expected);
  });

  it('a man page sees the command above it and those directly below, and no others', () => {
    const seeAlso = unroff(read(manual.manDir, 'svc-email-drafts.1')).split('.SH SEE ALSO')[1]!;
    expect(seeAlso).toContain('svc-email(1)');
    expect(seeAlso).toContain('svc-email-drafts-get(1)');
    expect(seeAlso).not.toMatch(/\bsvc\(1\)|svc-crm/);
  });

  it('every man page renders without a warning at 80 columns', async () => {
    const pages = filesIn(manual.manDir);
    expect(pages).toContain('svc.1');
    const env = { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat' };
    const rendered = await Promise.all(pages.map(async (name) => ({ name, ...(await promisify(execFile)('man', ['--warnings', '-l', join(manual.manDir, name)], { env })) })));
    for (const { name, stdout, stderr } of rendered) {
      expect({ name, stderr }).toEqual({ name, stderr: '' });
      expect(stdout).toMatch(/NAME/);
    }
  }, 120_000);

  it("package.json's man field lists exactly the generated pages, so npm install -g installs them all", () => {
    const { man } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { man: string[] };
    expect(man.map((path) => path.replace(/^\.?\/?dist\/man\//, '')).sort()).toEqual(filesIn(manual.manDir));
  });
});

describe.skipIf(!chromiumAvailable)(`the manual in a real browser${chromiumAvailable ? '' : ' (skipped: chromium is not installed; CI installs it)'}`, () => {
  it.each([
    ['a phone', 390],
    ['a desktop', 1280],
  ])('on %s the index and a command page render their title and first flag', async (_, width) => {
    const shot = join(manual.manualDir, `shot-${width}.png`);
    const index = await renderInChromium(`file://${join(manual.manualDir, 'index.html')}`, width, shot);
    expect(index).toContain('<title>svc manual</title>');
    expect(index).toContain('svc campaigns person add');
    expect(statSync(shot).size).toBeGreaterThan(1000);
    const command = await renderInChromium(`file://${join(manual.manualDir, 'svc-campaigns-person-add.html')}`, width, shot);
    expect(command).toContain('<title>svc campaigns person add: svc manual</title>');
    expect(unhtml(command)).toContain(describeOperation('campaigns_person_add', registry.campaigns_person_add).flags[0]!.flag);
  }, 120_000);
});

function links(node: Node): string[] {
  const found: string[] = [];
  const visit = (current: Node) => {
    if ('attrs' in current && ((current as Element).tagName === 'a' || (current as Element).tagName === 'link')) {
      const href = (current as Element).attrs.find((a) => a.name === 'href');
      if (href) found.push(href.value);
    }
    if ('childNodes' in current) for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return found;
}

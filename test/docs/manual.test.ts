import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../registry/define.js';
import { operationFields } from '../../registry/fields.js';
import { registry, workspace } from '../../registry/index.js';
import { describeOperation } from '../../src/cli/operation-description.js';
import { readGuides } from '../../src/cli/reference/guides.js';
import { refuseMissingMeanings, refuseSharedPageNames } from '../../src/cli/reference/manual.js';
import { commandPage } from '../../src/cli/reference/html-command.js';
import { NAME_LINE, escapeRoff, manTitle } from '../../src/cli/reference/roff.js';
import { Browser, CHROMIUM, MEASURE } from './chromium-page.js';
import { codeBlocks } from './doc-sources.js';
import { REPO, eachLimited, filesIn, generateManual, manAvailable, ownAndSampled, read, unhtml, unroff } from './manual-files.js';

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
 * What a reader must find for an operation: its request, every input's meaning (a field of svc's own
 * without one fails here, so a new operation cannot ship undocumented), every flag's help, its rules, its
 * documented errors and an example.
 */
function expectedTexts(id: string): string[] {
  const op: OperationSpec = registry[id as keyof typeof registry];
  const d = describeOperation(id, op);
  // svc's own operations give every field a meaning; an imported one has what its description gives.
  const own = Object.hasOwn(workspace, id);
  const meanings = operationFields(op).flatMap((field) => {
    if (own) expect(field.description, `${id}: ${field.in} ${field.name} has no meaning in the registry`).toBeTruthy();
    return field.description ? [field.description] : [];
  });
  return [
    d.summary,
    `${d.method} ${d.path}`,
    op.examples[0]!,
    ...meanings,
    ...d.flags.map((f) => f.description),
    ...d.rules.map((r) => r.text),
    ...Object.values(d.errors),
  ];
}

/** A page's text as a reader sees it: tags dropped, entities decoded. */
const textOf = (html: string): string => unhtml(html.replace(/<[^>]*>/g, ''));

describe('npm run docs: the HTML manual', () => {
  it.each(operations.map(([id]) => id))('%s has a page with its request, flag and field meanings and an example', (id) => {
    const text = textOf(read(manual.manualDir, `${pageOf(id)}.html`));
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

  it('the index links every command page and every guide, with a table of contents and the filter before the lists', () => {
    const index = unhtml(read(manual.manualDir, 'index.html'));
    for (const [id] of operations) expect(index).toContain(`href="${pageOf(id)}.html"`);
    for (const builtin of ['api', 'mock', 'config', 'completion', 'auth']) expect(index).toContain(`href="svc-${builtin}.html"`);
    const guides = readGuides();
    expect(guides.length).toBeGreaterThan(5);
    for (const guide of guides) {
      expect(index).toContain(`href="${guide.name}.html"`);
      const page = unhtml(read(manual.manualDir, `${guide.name}.html`));
      expect(page).toContain(`<h1>${guide.title}</h1>`);
      expect(page).toContain(guide.summary);
    }
    expect(index.indexOf('Contents:')).toBeLessThan(index.indexOf('id="filter"'));
    expect(index.indexOf('id="filter"')).toBeLessThan(index.indexOf('<h2 id="guides">'));
  });

  it('a command page gives its examples in an Examples section, not a block of leftovers', () => {
    const page = read(manual.manualDir, 'svc-campaigns-person-add.html');
    const examples = textOf(page.split('<h2>Examples</h2>')[1]!.split('<h2>')[0]!);
    for (const example of registry.campaigns_person_add.examples) expect(examples).toContain(example);
    expect(page).not.toContain('<h2>More</h2>');
  });

  it("a group with one command below does not repeat that command's summary in the index", () => {
    const index = unhtml(read(manual.manualDir, 'index.html'));
    const summary = registry.email_drafts_get.summary;
    expect(index.split(summary).length - 1).toBe(1);
  });

  it('no table of any page has an empty Meaning cell', () => {
    const pages = filesIn(manual.manualDir).filter((name) => name.endsWith('.html'));
    const empty = pages.filter((name) => /<td[^>]*>\s*<\/td><\/tr>/.test(read(manual.manualDir, name)));
    expect(empty).toEqual([]);
    expect(pages.filter((name) => /<td data-label="Meaning">[^<]/.test(read(manual.manualDir, name))).length).toBeGreaterThan(0);
  });

  it('a field the registry leaves without a meaning stops the build, naming the command and the field', () => {
    const d = describeOperation('crm_entries_create', registry.crm_entries_create);
    const doc = {
      words: ['crm', 'entries', 'create'],
      name: 'svc crm entries create',
      summary: d.summary,
      usage: '',
      arguments: [],
      optionGroups: [],
      subcommands: [],
      after: '',
    };
    const bare = { ...d, response: { type: 'object', properties: { entryId: { type: 'string' } } } };
    expect(() => refuseMissingMeanings({ globalOptions: [], commands: [{ ...doc, operation: bare }] })).toThrow(/svc crm entries create: Response: entryId/);
    expect(() => refuseMissingMeanings({ globalOptions: [], commands: [{ ...doc, operation: d }] })).not.toThrow();
    // An imported area's page says what its description says: nothing stops the build, the row says it is not described.
    const imported = { ...doc, words: ['pets', 'get'], name: 'svc pets get', operation: bare };
    expect(() => refuseMissingMeanings({ globalOptions: [], commands: [imported] }, new Set(['pets']))).not.toThrow();
    expect(() => refuseMissingMeanings({ globalOptions: [], commands: [imported] }, new Set(['crm']))).toThrow(/svc pets get: Response: entryId/);
    expect(commandPage(imported, { globalOptions: [], commands: [imported] })).toContain(
      '<td data-label="Meaning">Not described in the imported API description.</td>',
    );
  });

  it('two commands whose words make one page name stop the build, naming both', () => {
    const doc = (words: string[]) => ({
      words,
      name: `svc ${words.join(' ')}`,
      summary: '',
      usage: '',
      arguments: [],
      optionGroups: [],
      subcommands: [],
      after: '',
    });
    const clash = [doc(['email', 'drafts', 'get']), doc(['email-drafts', 'get']), doc(['email', 'drafts', 'list'])];
    expect(() => refuseSharedPageNames({ globalOptions: [], commands: clash })).toThrow(
      /two commands would share a page of the manual; import the area under another name \(npm run registry:import -- <file> --rename tag=name\):\n {2}svc email drafts get and svc email-drafts get \(svc-email-drafts-get\.html\)$/,
    );
    expect(() => refuseSharedPageNames({ globalOptions: [], commands: [clash[0]!, clash[2]!] })).not.toThrow();
  });

  it("svc mock's page documents its fixtures flag and the fault header", () => {
    const page = textOf(read(manual.manualDir, 'svc-mock.html'));
    expect(page).toContain('--fixtures <file.json>');
    expect(page).toContain('x-mock-fault');
  });

  it('a guide of four or more sections opens with a list of links to each; a shorter one has none', () => {
    let listed = 0;
    for (const guide of readGuides()) {
      const page = read(manual.manualDir, `${guide.name}.html`);
      const sections = [...page.matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1]!);
      const toc = /<nav class="toc" aria-label="On this page">([\s\S]*?)<\/nav>/.exec(page)?.[1];
      if (sections.length < 4) {
        expect(toc, guide.name).toBeUndefined();
        continue;
      }
      listed++;
      expect(
        [...toc!.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]),
        guide.name,
      ).toEqual(sections);
      expect(page.indexOf('class="toc"')).toBeLessThan(page.indexOf('<h2 id='));
    }
    expect(listed).toBeGreaterThanOrEqual(8);
  });

  it('the index groups the guides by what the reader is doing, each link on a line of its own above its description', () => {
    const index = read(manual.manualDir, 'index.html');
    const guides = index.slice(index.indexOf('<h2 id="guides">'), index.indexOf('<h2 id="commands">'));
    expect([...guides.matchAll(/<h3 id="[^"]+">([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual([
      'Start',
      'Everyday use',
      'Automation and CI',
      'Agents',
      'Extending svc',
    ]);
    const entries = [...guides.matchAll(/<li><a href="([^"]+)\.html">[^<]+<\/a>\n<span class="summary">/g)].map((m) => m[1]);
    expect([...entries].sort()).toEqual(
      readGuides()
        .map((guide) => guide.name)
        .sort(),
    );
    expect(entries.slice(0, 2)).toEqual(['install', 'credentials']);
    expect(entries.at(-1)).toBe('adding-an-area');
  });

  it('every guide page has the guides beside it, by group, its own marked, and previous and next links in the same order', () => {
    for (const guide of readGuides()) {
      const page = read(manual.manualDir, `${guide.name}.html`);
      const sidebar = /<nav class="sidebar" aria-label="Guides">([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? '';
      expect([...sidebar.matchAll(/<li><a href="([^"]+)\.html"/g)].length, guide.name).toBe(readGuides().length);
      expect(sidebar).toContain(`<a href="${guide.name}.html" aria-current="page">`);
    }
    expect(read(manual.manualDir, 'install.html')).toContain('rel="next" href="credentials.html"');
  });

  it('code keeps each word whole: a flag, a variable or an id is one unbreakable span, in tables and code blocks alike', () => {
    const page = read(manual.manualDir, 'mcp-server.html');
    for (const word of ['--exclude-tools', 'SVC_MCP_READ_ONLY=1', 'SVC_MCP_EXCLUDE_TOOLS', 'email_drafts_get'])
      expect(page).toContain(`<span class="w">${word}</span>`);
    const table = page.slice(page.indexOf('<table class="rows">'), page.indexOf('</table>'));
    expect(table).toContain('<td data-label="Environment"><code><span class="w">SVC_MCP_READ_ONLY=1</span></code></td>');
  });

  it("a group's page lists the commands directly below it, and only those", () => {
    const page = read(manual.manualDir, 'svc-email.html');
    const listed = page.slice(page.indexOf('<h2>Commands</h2>')).split('</ul>')[0]!;
    expect(listed).toContain('href="svc-email-drafts.html"');
    expect(listed).not.toContain('href="svc-email-drafts-get.html"');
  });
});

describe.skipIf(!manAvailable)(`npm run docs: man pages${manAvailable ? '' : ' (skipped: man is not installed; CI installs man-db)'}`, () => {
  it.each(operations.map(([id]) => id))('%s has a man page with its meanings and an example', (id) => {
    // An example too wide for 80 columns is broken with a shell continuation: read it as one line.
    const text = unroff(read(manual.manDir, `${pageOf(id)}.1`)).replace(/ \\\n\s+/g, ' ');
    for (const expected of expectedTexts(id)) expect(text).toContain(expected);
  });

  it('a man page sees the command above it and those directly below, and no others', () => {
    const seeAlso = unroff(read(manual.manDir, 'svc-email-drafts.1')).split('.SH "SEE ALSO"')[1]!;
    expect(seeAlso).toContain('svc-email(1)');
    expect(seeAlso).toContain('svc-email-drafts-get(1)');
    expect(seeAlso).not.toMatch(/\bsvc\(1\)|svc-crm/);
  });

  it('every man page renders without a warning, and no line of it is wider than 80 columns at MANWIDTH=80', async () => {
    // A process per page: svc's own pages and a sample of an imported area's (ownAndSampled), a few at a time.
    const pages = ownAndSampled(filesIn(manual.manDir));
    expect(pages).toContain('svc.1');
    const env = { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat', MAN_KEEP_FORMATTING: '' };
    const rendered = await eachLimited(pages, availableParallelism(), async (name) => ({
      name,
      ...(await promisify(execFile)('man', ['--warnings', '-l', join(manual.manDir, name)], { env, maxBuffer: 64 * 1024 * 1024 })),
    }));
    const wide: string[] = [];
    for (const { name, stdout, stderr } of rendered) {
      expect({ name, stderr }).toEqual({ name, stderr: '' });
      expect(stdout).toMatch(/^NAME$/m);
      // Overstrike (bold as X\bX) would count twice: what a reader sees is the text without it.
      for (const line of stdout.replace(/.\x08/g, '').split('\n'))
        if ([...line].length > 80 && !oneToken(line)) wide.push(`${name}: ${[...line].length}: ${line}`);
    }
    expect(wide).toEqual([]);
  }, 180_000);

  it('every man page has the sections of man-pages(7), in its order', () => {
    const order = ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'EXIT STATUS', 'ENVIRONMENT', 'FILES', 'EXAMPLES', 'SEE ALSO'];
    for (const name of filesIn(manual.manDir)) {
      const headings = [...read(manual.manDir, name).matchAll(/^\.SH "?([^"\n]+)"?$/gm)].map((m) => m[1]!);
      const known = headings.filter((h) => order.includes(h));
      expect({ name, headings }).toEqual({ name, headings: known });
      expect({ name, sorted: [...known].sort((a, b) => order.indexOf(a) - order.indexOf(b)) }).toEqual({ name, sorted: known });
      const required = name.endsWith('.7')
        ? ['NAME', 'DESCRIPTION', 'SEE ALSO']
        : ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'EXIT STATUS', 'ENVIRONMENT', 'EXAMPLES', 'SEE ALSO'];
      for (const section of required) expect(headings, name).toContain(section);
      // man -k and whatis read the NAME line as written: a break point there would show in their list,
      // so only a name longer than the line has one.
      const nameLine = read(manual.manDir, name).split('.SH NAME\n')[1]!.split('\n')[0]!;
      if (unroff(nameLine).split(' ')[0]!.length <= 71) expect(nameLine, name).not.toContain('\\:');
    }
    const root = unroff(read(manual.manDir, 'svc.1'));
    expect(root.split('.SH "EXIT STATUS"')[1]).toMatch(/^\.TP\n130\n/m);
    expect(root.split('.SH ENVIRONMENT')[1]).toMatch(/SERVICE_API_KEY/);
  });

  it.each(operations.map(([id]) => id))('%s: its examples are in EXAMPLES, every field row has a meaning', (id) => {
    const source = read(manual.manDir, `${pageOf(id)}.1`);
    const examples = unroff(source.split('.SH EXAMPLES')[1]!.split('.SH')[0]!).replace(/ \\\n\s+/g, ' ');
    for (const example of registry[id as keyof typeof registry].examples) expect(examples).toContain(example);
    // After every .TP: a term line, then a meaning that is not blank.
    const blanks = [...source.matchAll(/^\.TP\n(.*)\n(.*)$/gm)].filter((m) => !m[2]!.trim() || m[2]!.startsWith('.')).map((m) => m[1]);
    expect(blanks).toEqual([]);
  });

  it('every guide is a section-7 page whose NAME line is a few words (its title, for man -k svc), its summary opening DESCRIPTION', () => {
    for (const guide of readGuides()) {
      const source = unroff(read(manual.manDir, `svc-${guide.name}.7`));
      expect(source).toMatch(new RegExp(`^\\.TH "SVC-${guide.name.toUpperCase()}" "7"`, 'm'));
      const name = source.split('.SH NAME\n')[1]!.split('\n')[0]!;
      expect(name).toBe(`svc-${guide.name} - ${guide.title}`);
      expect(name.split(' - ')[1]!.split(' ').length, name).toBeLessThanOrEqual(6);
      expect(source.split('.SH DESCRIPTION\n')[1]!.split('\n')[0]).toBe(guide.summary);
    }
    expect(unroff(read(manual.manDir, 'svc.1')).split('.SH "SEE ALSO"')[1]).toContain('svc-batch(7)');
  });

  it("package.json's man field lists exactly the generated pages, so npm install -g installs them all", () => {
    const { man } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { man: string[] };
    expect(man.map((path) => path.replace(/^\.?\/?dist\/man\//, '')).sort(), 'npm run docs (or npm run registry:import) writes the field').toEqual(
      filesIn(manual.manDir),
    );
  });
});

describe('roff text', () => {
  it('a word too long for a line breaks after a run of slashes, hyphens, dots or backslashes; a title too long for the header is cut short', () => {
    const long = `see https://docs.example.com/rest/using-the-rest-api/using-pagination-in-the-rest-api. ${'x'.repeat(70)} /v1/things/{id}`;
    expect(escapeRoff(long)).toBe(
      'see https://\\:docs.\\:example.\\:com/\\:rest/\\:using\\-\\:the\\-\\:rest\\-\\:api/\\:using\\-\\:pagination\\-\\:in\\-\\:the\\-\\:rest\\-\\:api. ' +
        `${'x'.repeat(70)} /v1/things/{id}`,
    );
    expect(unroff(escapeRoff(long))).toBe(long);
    // A NAME line only where the word is longer than its line.
    const name = (length: number) => `svc-${'n'.repeat(length - 8)}-get`;
    expect(escapeRoff(name(71), NAME_LINE)).not.toContain('\\:');
    expect(escapeRoff(name(71))).toContain('\\:');
    expect(escapeRoff(name(72), NAME_LINE)).toBe(`svc\\-\\:${'n'.repeat(64)}\\-\\:get`);
    // Never inside a run or at the word's start: a flag keeps its dashes; a Windows path breaks after a backslash.
    expect(escapeRoff(`--${'a'.repeat(30)}-${'b'.repeat(30)}`)).toBe(`\\-\\-${'a'.repeat(30)}\\-\\:${'b'.repeat(30)}`);
    expect(escapeRoff(`C:\\Users\\${'x'.repeat(30)}\\${'y'.repeat(30)}`)).toBe(`C:\\e\\:Users\\e\\:${'x'.repeat(30)}\\e\\:${'y'.repeat(30)}`);
    expect(manTitle('svc-email-drafts-get')).toBe('SVC-EMAIL-DRAFTS-GET');
    expect(manTitle(`svc-orgs-${'a'.repeat(40)}`)).toBe(`SVC-ORGS-${'A'.repeat(18)}...`);
    expect(manTitle(`svc-orgs-${'a'.repeat(40)}`)).toHaveLength(30);
  });
});

// CI installs chromium (.ci/run): there the browser test must run, never skip.
const browserMissing = CHROMIUM === undefined && process.env.CI !== 'true';

describe.skipIf(browserMissing)(`the manual in a real browser${browserMissing ? ' (skipped: chromium is not installed; CI installs it)' : ''}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    expect(CHROMIUM, 'chromium must be installed where CI=true').toBeDefined();
    browser = await Browser.open();
  }, 90_000);
  afterAll(() => browser?.close());

  it('every page, at 390 and 1280 px, in the light and the dark scheme: never wider than the window, every text colour at least 4.5:1', async () => {
    // A load per page and scheme: svc's own pages and a sample of an imported area's (ownAndSampled).
    const pages = ownAndSampled(filesIn(manual.manualDir).filter((name) => name.endsWith('.html')));
    const faults: string[] = [];
    for (const name of pages) {
      for (const [width, scheme] of [
        [390, 'light'],
        [390, 'dark'],
        [1280, 'light'],
        [1280, 'dark'],
      ] as const) {
        await browser.load(`file://${join(manual.manualDir, name)}`, width, scheme);
        const m = await browser.evaluate<{ scrollWidth: number; innerWidth: number; low: string[]; wide: string[] }>(MEASURE);
        expect(m.innerWidth).toBe(width);
        if (m.scrollWidth > width) faults.push(`${name} at ${width} px: ${m.scrollWidth} px wide (${m.wide.join(', ')})`);
        for (const low of m.low) faults.push(`${name} (${scheme}): contrast ${low}`);
      }
    }
    expect(faults).toEqual([]);
  }, 600_000);

  it.each([390, 1280])(
    'at %i px the index, a command page and guides render, and every code block fits the page and copies exactly',
    async (width) => {
      const shots = process.env.SVC_MANUAL_SCREENS ?? manual.manualDir;
      for (const name of ['index.html', 'svc-campaigns-person-add.html', 'batch.html', 'mcp-server.html']) {
        await browser.load(`file://${join(manual.manualDir, name)}`, width, 'light');
        const shot = join(shots, `${name.replace(/\.html$/, '')}-${width}.png`);
        await browser.screenshot(shot);
        expect(statSync(shot).size).toBeGreaterThan(1000);
      }
      await browser.load(`file://${join(manual.manualDir, 'svc-campaigns-person-add.html')}`, width, 'light');
      expect(await browser.evaluate<string>('document.title')).toBe('svc campaigns person add: svc manual');
      for (const guide of readGuides().filter((g) => ['mcp-server', 'checkpoints', 'install', 'batch'].includes(g.name))) {
        await browser.load(`file://${join(manual.manualDir, `${guide.name}.html`)}`, width, 'light');
        const blocks = await browser.evaluate<{ copied: string; overflow: number }[]>(COPY_BLOCKS);
        expect(
          blocks.map((b) => b.copied),
          guide.name,
        ).toEqual(codeBlocks(guide.body).map((block) => block.lines.join('\n')));
        expect(
          blocks.filter((b) => b.overflow > 0),
          guide.name,
        ).toEqual([]);
      }
    },
    120_000,
  );

  it('at 390 px no flag, variable or operation id is broken across lines, and the sidebar gives way to the text', async () => {
    const broken: string[] = [];
    for (const name of ['mcp-server.html', 'environment.html', 'index.html', 'svc-crm-entries-create.html', 'svc-campaigns-person-add.html']) {
      await browser.load(`file://${join(manual.manualDir, name)}`, 390, 'light');
      const split = await browser.evaluate<string[]>(
        `[...document.querySelectorAll('main .w:not(.long)')].filter((el) => el.getClientRects().length > 1).map((el) => el.textContent)`,
      );
      broken.push(...split.map((word) => `${name}: ${word}`));
      expect(await browser.evaluate<number>(`document.querySelectorAll('main .w').length`)).toBeGreaterThan(5);
    }
    expect(broken).toEqual([]);
    await browser.load(`file://${join(manual.manualDir, 'batch.html')}`, 390, 'light');
    expect(await browser.evaluate<string>(`getComputedStyle(document.querySelector('.sidebar')).display`)).toBe('none');
    await browser.load(`file://${join(manual.manualDir, 'batch.html')}`, 1280, 'light');
    const beside = await browser.evaluate<{ sidebar: number; main: number; links: number }>(
      `({ sidebar: document.querySelector('.sidebar').getBoundingClientRect().right, main: document.querySelector('main').getBoundingClientRect().left, links: document.querySelectorAll('.sidebar li a').length })`,
    );
    expect(beside.sidebar).toBeLessThanOrEqual(beside.main);
    expect(beside.links).toBe(readGuides().length);
  });
});

/**
 * A line no break can shorten: one token (a long operation name in an example, a quoted argument),
 * with the example's continuation backslash after it, if any.
 */
const oneToken = (line: string): boolean => /^(?:[^\s'"]+|'[^']*'|"[^"]*")$/.test(line.replace(/ \\$/, '').trim());

/** In the page: each code block of main as a reader's copy gives it (all of it selected), and how far it runs past its box. */
const COPY_BLOCKS = `[...document.querySelectorAll('main pre')].map((pre) => {
  const selection = getSelection();
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(pre.querySelector('code') || pre);
  selection.addRange(range);
  return { copied: selection.toString(), overflow: pre.scrollWidth - pre.clientWidth };
})`;

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

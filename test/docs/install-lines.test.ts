import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, codeBlocks, inlineCode, readRepoFile, sourceFiles, userMarkdown } from './doc-sources.js';
import { ONCE_PUBLISHED, foreignPackage, fromRegistry, installCommands, isPublished, nodeMajors, npmScripts, pathFolders } from './install-lines.js';

// Every documented way to install or run svc names our package (or a local tarball or binary):
// the name `svc` on the public npm registry is someone else's.
const { name: ours, version } = JSON.parse(readRepoFile('package.json')) as { name: string; version: string };
const tarball = `${ours.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/** A shell or YAML line without its comment (a `#` after a blank, to the end). */
const withoutComment = (line: string): string => line.replace(/(^|\s)#.*$/, '');

/** Each documented text with where it is: the code of the Markdown pages, every line of the sources. */
function documentedTexts(): { where: string; text: string }[] {
  const markdown = userMarkdown().flatMap((path) => {
    const text = readRepoFile(path);
    const blocks = codeBlocks(text).flatMap((block) => block.lines.map((line, i) => ({ where: `${path}:${block.line + i}`, text: withoutComment(line) })));
    return [...blocks, ...inlineCode(text).map((span) => ({ where: `${path}:${span.line}`, text: span.text }))];
  });
  const sources = sourceFiles().flatMap((path) =>
    readRepoFile(path)
      .split('\n')
      .map((text, i) => ({ where: `${path}:${i + 1}`, text })),
  );
  return [...markdown, ...sources];
}

describe('documented install lines', () => {
  it(`our package has a scoped name of its own (${ours}), and its command is svc`, () => {
    const manifest = JSON.parse(readRepoFile('package.json')) as { name: string; bin: Record<string, string> };
    expect(manifest.name).toMatch(/^@[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(Object.keys(manifest.bin)).toEqual(['svc']);
  });

  it('name only our package, a local tarball or folder, or a listed tool', () => {
    const texts = documentedTexts();
    const checked = texts.flatMap(({ where, text }) => installCommands(text).map((found) => ({ where, found })));
    // The README's and guides' own install lines are among those read, so the scan cannot miss them.
    expect(checked.filter(({ found }) => found.packages.includes(ours)).length).toBeGreaterThanOrEqual(3);
    const faults = checked.flatMap(({ where, found }) => {
      const fault = foreignPackage(found, ours);
      return fault ? [`${where}: ${fault}`] : [];
    });
    expect(faults).toEqual([]);
  });

  it(`name the tarball npm pack writes (${tarball})`, () => {
    const named = documentedTexts().flatMap(({ where, text }) => [...text.matchAll(/[\w@.-]+\.tgz\b/g)].map((match) => ({ where, name: match[0] })));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ name }) => name !== tarball)).toEqual([]);
  });
});

/** The paragraph (run of non-blank lines) holding 0-based line `index`. */
function paragraphAt(lines: readonly string[], index: number): string {
  let start = index;
  let end = index;
  while (start > 0 && lines[start - 1]!.trim() !== '') start--;
  while (end < lines.length - 1 && lines[end + 1]!.trim() !== '') end++;
  return lines.slice(start, end + 1).join('\n');
}

/**
 * Every line of the docs a user runs or copies: each code line (comment off) with the line as written
 * and the paragraph before its block, each inline code span with its paragraph. The Markdown users
 * read (README.md, docs/) and CONTRIBUTING.md.
 */
function linesWithContext(): { where: string; text: string; context: string }[] {
  return [...userMarkdown(), 'CONTRIBUTING.md'].flatMap((path) => {
    const markdown = readRepoFile(path);
    const all = markdown.split('\n');
    const blocks = codeBlocks(markdown).flatMap((block) => {
      const before = block.line >= 3 ? paragraphAt(all, block.line - 3) : '';
      return block.lines.map((line, i) => ({ where: `${path}:${block.line + i}`, text: withoutComment(line), context: `${line}\n${before}` }));
    });
    const spans = inlineCode(markdown).map((span) => ({ where: `${path}:${span.line}`, text: span.text, context: paragraphAt(all, span.line - 1) }));
    return [...blocks, ...spans];
  });
}

// Every install and CI line is checked against what exists, offline: no registry is asked.
describe('documented install and CI lines hold today', () => {
  const lines = linesWithContext();
  const manifest = JSON.parse(readRepoFile('package.json')) as {
    scripts: Record<string, string>;
    engines: { node: string };
    devDependencies: Record<string, string>;
    bin: Record<string, string>;
  };

  it(`a registry line for ${ours} says it is the way once published, while ${version} is not published (CHANGELOG.md)`, () => {
    const registryLines = lines.filter(({ text }) => installCommands(text).some((found) => fromRegistry(found, ours)));
    expect(registryLines.map(({ where }) => where.split(':')[0])).toEqual(expect.arrayContaining(['README.md', 'docs/guide/install.md']));
    if (isPublished(readRepoFile('CHANGELOG.md'), version)) return;
    expect(registryLines.filter(({ context }) => !ONCE_PUBLISHED.test(context)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('every `npm run <script>` names a script of package.json', () => {
    const named = lines.flatMap(({ where, text }) => npmScripts(text).map((script) => ({ where, script })));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ script }) => !Object.hasOwn(manifest.scripts, script)).map(({ where, script }) => `${where}: npm run ${script}`)).toEqual([]);
  });

  it(`every Node.js a CI step or an image asks for is one svc runs on (engines: ${manifest.engines.node})`, () => {
    const floor = Number(/\d+/.exec(manifest.engines.node)![0]);
    const asked = lines.flatMap(({ where, text }) => nodeMajors(text).map((major) => ({ where, major })));
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.filter(({ major }) => major < floor)).toEqual([]);
  });

  it("a PATH line puts only the clone's own folders first: the Node.js npm install brought, and bin/svc", () => {
    const folders = lines.flatMap(({ where, text }) => pathFolders(text).map((folder) => ({ where, folder })));
    expect(folders.filter(({ where }) => where.startsWith('README.md')).map(({ folder }) => folder)).toEqual(['node_modules/node/bin', 'bin']);
    for (const { where, folder } of folders) {
      expect(existsSync(join(REPO, folder)), `${where}: ${folder}`).toBe(true);
      if (folder === 'bin') expect(readFileSync(join(REPO, 'bin', 'svc'), 'utf8')).toBe(readFileSync(join(REPO, manifest.bin.svc!), 'utf8'));
      if (folder === 'node_modules/node/bin') {
        expect(manifest.devDependencies).toHaveProperty('node');
        expect(existsSync(join(REPO, folder, 'node'))).toBe(true);
      }
    }
  });

  it('the tarball a CI step or an image installs is the one npm pack writes', () => {
    const installed = lines.flatMap(({ where, text }) =>
      installCommands(text).flatMap((found) => found.packages.filter((spec) => spec.endsWith('.tgz')).map((spec) => ({ where, spec }))),
    );
    expect(installed.length).toBeGreaterThanOrEqual(3);
    expect(installed.filter(({ spec }) => !spec.endsWith(`/${tarball}`))).toEqual([]);
  });
});

describe('the readers of install lines', () => {
  it.each([
    ['0.1.0 is the version in package.json, not yet published;', false],
    ['0.1.0 is the version in package.json, not yet\npublished;', false],
    ['0.1.0 is on the npm registry.', true],
    ['0.2.0 is not yet published.', true],
  ])('%j: published %s', (preamble, published) => {
    expect(isPublished(`# Changelog\n\n${preamble}\n\n## Unreleased\n\n- 0.1.0 not yet published\n`, '0.1.0')).toBe(published);
  });

  it('find npm scripts, Node versions and PATH folders', () => {
    expect(npmScripts('$ npm install && npm run demo; npm run --silent check:import')).toEqual(['demo', 'check:import']);
    expect(nodeMajors('with: { node-version: 24 }\nFROM node:22-slim\nimage: node:20')).toEqual([24, 22, 20]);
    expect(pathFolders('export PATH="$PWD/node_modules/node/bin:$PWD/bin:$PATH"')).toEqual(['node_modules/node/bin', 'bin']);
    expect(pathFolders('cd $PWD/bin')).toEqual([]);
  });

  it('tells a registry line from a local one', () => {
    const [registry] = installCommands('npm install -g @svc-cli/svc');
    const [tarball] = installCommands('npm install -g ./vendor/svc-cli-svc-0.1.0.tgz');
    expect([fromRegistry(registry!, '@svc-cli/svc'), fromRegistry(tarball!, '@svc-cli/svc')]).toEqual([true, false]);
    expect(ONCE_PUBLISHED.test('| The npm registry, once published |')).toBe(true);
    expect(ONCE_PUBLISHED.test('The npm package, three ways, each tested end to end')).toBe(false);
  });
});

describe('the install-line reader', () => {
  it.each([
    ['npm install -g svc', 'svc'],
    ['npx -y svc crm entries create deals', 'svc'],
    ['npm i svc@0.3.0', 'svc@0.3.0'],
    ['pnpm add svc', 'svc'],
    ['yarn global add svc', 'svc'],
    ['npm exec --yes -- svc --version', 'svc'],
    ['npx -p svc svc --version', 'svc'],
    ['- run: npm install -g @svc-cli/svc leftpad', 'leftpad'],
  ])('refuses %j, which names %s', (line, spec) => {
    const faults = installCommands(line).map((found) => foreignPackage(found, '@svc-cli/svc'));
    expect(faults.join('\n')).toContain(`names ${spec},`);
  });

  it.each([
    'npm install -g @svc-cli/svc',
    'npm install @svc-cli/svc@0.1.0',
    'npm install -g ./svc-cli-svc-0.1.0.tgz',
    'npm install && npm run demo',
    'npx --no-install svc --version',
    "alias svc='npx --no-install svc'",
    'npm run build && npx vitest run test/e2e',
  ])('takes %j', (line) => {
    const found = installCommands(line);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((command) => foreignPackage(command, '@svc-cli/svc'))).toEqual(found.map(() => undefined));
  });
});

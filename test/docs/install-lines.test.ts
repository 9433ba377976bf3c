import { describe, expect, it } from 'vitest';
import { codeBlocks, inlineCode, readRepoFile, sourceFiles, userMarkdown } from './doc-sources.js';
import { foreignPackage, installCommands } from './install-lines.js';

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

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importedAreas } from '../../registry/imported/index.js';
import { runSvc } from '../support/svc.js';
import { REPO, filesUnder, guideFiles, readRepoFile } from './doc-sources.js';
import { historyIn } from './history-refs.js';

// User-facing text speaks to users: no issue numbers and no commit hashes in the README, the guides,
// svc's help or the manual's own text (the project's history lives in CHANGELOG.md and the commit
// log). And every guide is one link away from the README.

/** The manual's own words: the strings of its sources, without comments or the stylesheet's colours. */
function manualSourceText(): string {
  return filesUnder('src/cli/reference', ['.ts'])
    .map(readRepoFile)
    .join('\n')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*\*?)/.test(line))
    .map((line) => line.replace(/\/\/ .*$/, '').replace(/#[0-9a-f]{3,8}\b/gi, ''))
    .join('\n');
}

let help: string;
beforeAll(async () => {
  // A fresh settings folder and the test code cache (runSvc): nothing of the real home is read or written.
  const run = async (args: string[]) => {
    const done = await runSvc(args);
    if (done.code !== 0) throw new Error(`svc ${args.join(' ')} exited ${done.code}: ${done.stderr}`);
    return done;
  };
  const [root, reference] = await Promise.all([run(['--help']), run(['help', 'reference'])]);
  // svc's own words: an imported area's help is its description's (`npm run registry:import`), not svc's.
  const imported = new Set(Object.keys(importedAreas));
  const own = reference.stdout.split(/^(?=## `svc )/m).filter((section) => !imported.has(/^## `svc ([^ `]+)/.exec(section)?.[1] ?? ''));
  help = [root.stdout, ...own].join('\n');
}, 60_000);

describe('user-facing text holds no project history', () => {
  it.each(['README.md', ...guideFiles()])('%s', (path) => {
    const found = readRepoFile(path)
      .split('\n')
      .flatMap((line, i) => historyIn(line).map((reference) => `${path}:${i + 1}: ${reference}`));
    expect(found).toEqual([]);
  });

  it("svc's help, every command's (svc --help, svc help reference)", () => {
    expect(help).toContain('svc email drafts get');
    expect(historyIn(help)).toEqual([]);
  });

  it("the manual's own text", () => {
    const text = manualSourceText();
    expect(text.length).toBeGreaterThan(1000);
    expect(historyIn(text)).toEqual([]);
  });

  it.each([
    ['fixed in #123', '#123'],
    ['see issue 12', 'issue 12'],
    ['(issue #16)', 'issue #16'],
    ['a fresh clone of 824cbef', '824cbef'],
    ['main at eab0f0a9c1', 'eab0f0a9c1'],
  ])('finds the reference in %j', (text, reference) => {
    expect(historyIn(text)).toContain(reference);
  });

  it.each(['9007199254740993', '1e400', 'decade', '&#39;', 'ent_1', 'Retry-After: 2'])('finds none in %j', (text) => {
    expect(historyIn(text)).toEqual([]);
  });
});

describe('the README links every guide', () => {
  const readme = readRepoFile('README.md');
  const links = [...readme.matchAll(/\]\((docs\/guide\/[^)#\s]+)\)/g)].map((match) => match[1]!);

  it.each(guideFiles())('%s, in one link', (path) => {
    expect(links).toContain(path);
  });

  it('and every guide it links exists', () => {
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((path) => !existsSync(join(REPO, path)))).toEqual([]);
  });
});

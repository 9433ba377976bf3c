import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, codeBlocks, inlineCode, readRepoFile } from './doc-sources.js';

// docs/performance.md and docs/reliability.md are references, not lab notebooks: each section says
// what is measured, the command that measures it and the target, and every file a command names
// exists. How a figure came to be, run by run, is CHANGELOG.md's (Measurement runs) and the log's.

const PAGES = ['docs/performance.md', 'docs/reliability.md'];
/** Sections that hold no figure of their own. */
const NO_FIGURE = new Set(['How to measure', 'The machine', 'The rule that keeps start-up fast']);
/** A command that measures: the bench, a script, a test run, hyperfine, the CI script. */
const COMMAND = /\b(npm run (bench|mutate|check:import|package|build)|node scripts\/|npx vitest run|hyperfine|bash \.ci\/run)\b/;
/** A diary's words: when a run happened and how it went, rather than what holds. */
const DIARY = /\b(run again|that day|same run as above|ten minutes later|before that|now passes|this session|today)\b/i;

function sections(path: string): { title: string; text: string }[] {
  return readRepoFile(path)
    .split(/^## /m)
    .slice(1)
    .map((part) => ({ title: part.split('\n')[0]!.trim(), text: part }));
}

describe.each(PAGES)('%s', (path) => {
  const text = readRepoFile(path);

  it.each(sections(path).filter((s) => !NO_FIGURE.has(s.title)))('$title: says what it measures with, and its target', ({ text: section }) => {
    expect(section).toMatch(COMMAND);
    expect(section).toMatch(/\btarget\b/i);
  });

  it('reads as a reference, not a diary', () => {
    const found = text.split('\n').flatMap((line, i) => (DIARY.test(line) ? [`${path}:${i + 1}: ${line}`] : []));
    expect(found).toEqual([]);
  });

  it('names only files that exist in its commands', () => {
    const code = [...codeBlocks(text).flatMap((block) => block.lines), ...inlineCode(text).map((span) => span.text)].join('\n');
    const named = [...code.matchAll(/(?<![\w/.-])((?:test|scripts|src|bin)\/[\w./-]*\w)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((file) => !existsSync(join(REPO, file)))).toEqual([]);
  });
});

describe('the diary check', () => {
  it.each(['### Run again on 2026-11-25', 'That host was slow that day', 'Same run as above (40 rounds)'])('finds %j', (line) => {
    expect(DIARY.test(line)).toBe(true);
  });

  it.each(['Machine: the build of 2026-11-25, load average 19 to 23', 'before applying anything'])('passes %j', (line) => {
    expect(DIARY.test(line)).toBe(false);
  });
});

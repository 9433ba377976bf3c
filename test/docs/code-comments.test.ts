import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, readRepoFile } from './doc-sources.js';
import { trackerCitations } from './history-refs.js';

// A comment says why the code is as it is, to whoever reads the code; a tracker citation (an
// issue's or a pull request's number) sends that reader somewhere they cannot follow, and the
// history is the commit log's. So no comment of the sources, the tests, the scripts, bin/ or the CI script cites one.
// Comments are read as TypeScript reads them (string literals, which may hold such text as test
// data, are not comments); the CI script's are its `#` lines.

/** Every file whose comments are checked: the code of the repository, and its root configuration. */
const codeFiles = (): string[] => [
  ...filesUnder('src', ['.ts']),
  ...filesUnder('registry', ['.ts']),
  ...filesUnder('test', ['.ts', '.mts', '.mjs']),
  ...filesUnder('scripts', ['.mjs', '.mts', '.cjs', '.ts']),
  ...filesUnder('bin', ['.cjs']),
  ...['stryker.config.mjs', 'vitest.config.ts', 'vitest.mutate.config.ts', '.dependency-cruiser.cjs'],
];

/** The comments of a JavaScript or TypeScript text, each with the line it starts on. */
export function commentsOf(path: string, text: string): { line: number; text: string }[] {
  const kind = /\.(ts|mts)$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...seen].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/** A shell script's comments: `#` at the start of a line or after a blank, the `#!` line aside. */
export function shellCommentsOf(text: string): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, i) => {
    if (i === 0 && line.startsWith('#!')) return [];
    const match = /(?:^|\s)#(?!!).*$/.exec(line);
    return match ? [{ line: i + 1, text: match[0].trim() }] : [];
  });
}

describe('code comments cite no tracker', () => {
  it.each(codeFiles())('%s', (path) => {
    const found = commentsOf(path, readRepoFile(path)).flatMap(({ line, text }) => trackerCitations(text).map((cite) => `${path}:${line}: ${cite}`));
    expect(found).toEqual([]);
  });

  it('.ci/run', () => {
    const comments = shellCommentsOf(readRepoFile('.ci/run'));
    expect(comments.length).toBeGreaterThan(3);
    expect(comments.flatMap(({ line, text }) => trackerCitations(text).map((cite) => `.ci/run:${line}: ${cite}`))).toEqual([]);
  });

  it('read every kind of code file (so none is skipped by mistake)', () => {
    const files = codeFiles();
    for (const folder of ['src/', 'registry/', 'test/', 'scripts/', 'bin/'])
      expect(
        files.some((path) => path.startsWith(folder)),
        folder,
      ).toBe(true);
  });
});

describe('the comment reader', () => {
  it('finds line and block comments, leading and trailing, and no string or regular expression', () => {
    const text = [
      '// a reason (issue #16)',
      "const s = 'fixed in #123'; // why: issues #3 and #4",
      '/**',
      ' * JSDoc, PR 7',
      ' */',
      'const r = /https?:\\/\\//.test(s) ? `#9` : "issue 12";',
      'function f(/* inline #5 */ a: number) { return a; }',
    ].join('\n');
    const comments = commentsOf('x.ts', text);
    expect(comments.map((c) => c.line)).toEqual([1, 2, 3, 7]);
    expect(comments.flatMap((c) => trackerCitations(c.text))).toEqual(['issue #16', 'issues #3', '#4', 'PR 7', '#5']);
  });

  it('reads a shell script’s comments, not its #! line nor a # inside a word', () => {
    expect(shellCommentsOf('#!/usr/bin/env bash\n# setup (issue #17)\necho a#b  # trailing #2\n').map((c) => c.text)).toEqual([
      '# setup (issue #17)',
      '# trailing #2',
    ]);
  });
});

// The `svc` lines of the README's and the guides' `sh` blocks, as a test runs them. A `sh` block is a
// promise that its svc commands work as written against `svc mock`; output, and commands that cannot
// run against the mock, go in a `console` or `text` block instead (CONTRIBUTING.md, Writing
// documentation).
import { codeBlocks, readRepoFile } from './doc-sources.js';

export interface Example {
  /** Where it is written: `file:line`. */
  where: string;
  /** The block it belongs to (lines of one block share a folder and settings, in order). */
  block: string;
  command: string;
}

/** A line's shell comment (a `#` after a blank, outside quotes) taken off. */
export function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** svc as a command word: at the start, after a pipe or `&&`, or inside `$(` or `<(`. */
const SVC_WORD = /(?:^|[|;&]\s*|[$<]\(\s*)svc(?:\s|$)/;
/**
 * `svc mock` serves until stopped: the test starts the mock these examples run against. Only
 * `svc mock --example-files <folder>`, which writes the examples' input files and exits, is run.
 */
const MOCK = /(?:^|[|;&]\s*)svc\s+mock(?:\s|$)(?!.*--example-files)/;

/** Every runnable svc line of the `sh` blocks of `path`, continuation lines joined. */
export function examplesOf(path: string): Example[] {
  return codeBlocks(readRepoFile(path))
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => {
      const commands: { line: number; text: string }[] = [];
      let pending: { line: number; text: string } | undefined;
      block.lines.forEach((raw, i) => {
        const text = withoutComment(raw);
        const joined = pending ? { line: pending.line, text: `${pending.text} ${text.trim()}` } : { line: block.line + i, text };
        if (joined.text.endsWith('\\')) pending = { line: joined.line, text: joined.text.slice(0, -1).trimEnd() };
        else {
          pending = undefined;
          if (joined.text.trim()) commands.push(joined);
        }
      });
      return commands
        .filter(({ text }) => SVC_WORD.test(text.trim()) && !MOCK.test(text.trim()))
        .map(({ line, text }) => ({ where: `${path}:${line}`, block: `${path}:${block.line}`, command: text.trim() }));
    });
}

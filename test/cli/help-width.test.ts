import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { importedAreas } from '../../registry/imported/index.js';
import { builtins } from '../../src/cli/builtins.js';
import { buildFullTree } from '../../src/cli/full-tree.js';
import { wrapHelpText } from '../../src/cli/help-layout.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext } from '../support/fake-context.js';

/**
 * The words of every command of svc's own, areas, groups, operations and builtins, read off the full
 * tree, and those of its operations. An imported area's help is laid out by the same code; its long
 * names are checked by the examples below and its help by the GitHub import check.
 */
async function everyCommand(): Promise<{ paths: string[][]; operations: Set<string> }> {
  const tree = await buildFullTree(createFakeContext().ctx, builtins);
  const paths: string[][] = [[]];
  const operations = new Set<string>();
  const walk = (command: Command, words: string[]): void => {
    for (const sub of command.commands) {
      if (words.length === 0 && Object.hasOwn(importedAreas, sub.name())) continue;
      paths.push([...words, sub.name()]);
      if (sub.options.some((option) => option.long === '--input')) operations.add([...words, sub.name()].join(' '));
      walk(sub, [...words, sub.name()]);
    }
  };
  walk(tree, []);
  return { paths, operations };
}

/** Help of one command as a user sees it: `svc <words> --help`, or through `svc help <words>`. */
async function helpOf(argv: string[], width: number | undefined): Promise<string> {
  const fake = createFakeContext({ tty: width !== undefined });
  fake.ctx.io.columns = width;
  expect(await run(argv, fake.ctx), `svc ${argv.join(' ')}`).toBe(0);
  return fake.out();
}

function overlong(text: string, width: number): string[] {
  return text.split('\n').filter((line) => line.length > width);
}

/**
 * Lines over the width, but for one that holds a single token of a command no break can shorten: a
 * long operation name or a quoted argument (a quoted string cannot be continued on the next line).
 */
const overlongButOneToken = (text: string, width: number): string[] =>
  overlong(text, width).filter((line) => !/^(?:[^\s'"]+|'[^']*'|"[^"]*")$/.test(line.replace(/ \\$/, '').trim()));

describe('every help screen fits the width', async () => {
  const { paths, operations } = await everyCommand();

  it('walks the whole tree (areas, operations and builtins)', () => {
    expect(paths.length).toBeGreaterThanOrEqual(32);
    expect(paths).toContainEqual(['campaigns', 'person', 'add']);
    expect(paths).toContainEqual(['completion']);
    expect(operations).toContain('campaigns person add');
  });

  it.each([
    ['piped (80 columns)', undefined, 80],
    ['on an 80-column terminal', 80, 80],
    ['on a 50-column terminal', 50, 50],
  ])('%s', async (_, columns, width) => {
    for (const words of paths) {
      for (const argv of [
        [...words, '--help'],
        ['help', ...words],
        [...words, '--input', 'x.ndjson', '--help'],
      ]) {
        if (argv[0] === 'help' && words[0] === 'help') continue;
        // Batch mode's help: an operation's, read with --input (a group takes no --input: a usage error).
        if (argv.includes('--input') && !operations.has(words.join(' '))) continue;
        const text = await helpOf(argv, columns);
        expect(text, `svc ${argv.join(' ')}`).toMatch(/Usage: svc/);
        expect(overlongButOneToken(text, width), `svc ${argv.join(' ')}`).toEqual([]);
      }
    }
  });

  it('piped, breaks no sentence of the text after the options: it is written to fit 80 columns', async () => {
    // wrapHelpText breaks a longer line and indents the rest by two: a sentence cut mid-way, its
    // second half read as an indented item (an unindented line, not a heading, then one indented by two).
    const broken: string[] = [];
    for (const words of paths) {
      const lines = (await helpOf([...words, '--help'], undefined)).split('\n');
      lines.forEach((line, i) => {
        if (i > 0 && /^ {2}(?!svc )\S/.test(line) && /^\S.*[^:]$/.test(lines[i - 1]!) && !lines[i - 1]!.startsWith('Usage:'))
          broken.push(`svc ${words.join(' ')}: ${line}`);
      });
    }
    expect(broken).toEqual([]);
  });

  it('keeps a description under its flag, whole, when the flag column is too wide', async () => {
    const text = await helpOf(['campaigns', 'person', 'add', '--help'], 50);
    expect(text).toMatch(/\n {2}--personalization <key=value>\n {6}free-form personalization data;/);
    expect(text.replace(/\s+/g, ' ')).toContain('a repeated key keeps every value --check-duplicates-across-workspace');
  });
});

describe('examples stay commands a reader can copy when help wraps them', () => {
  it.each([80, 50])('at %i columns every registry example reads back whole, broken only with a shell continuation', { timeout: 300_000 }, async (width) => {
    const { registry } = await import('../../registry/index.js');
    for (const [id, op] of Object.entries(registry)) {
      const text = await helpOf([...id.split('_'), '--help'], width);
      const examples = text.slice(text.indexOf('\nExamples:\n')).replace(/ \\\n +/g, ' ');
      for (const example of op.examples) expect(examples, `${id} at ${width} columns`).toContain(`  ${example}\n`);
      expect(overlongButOneToken(text, width), `${id} at ${width} columns`).toEqual([]);
      // A break never falls inside quotes: each continued line holds an even number of double quotes.
      for (const line of text.split('\n').filter((l) => l.endsWith(' \\'))) expect(line.split('"').length % 2, line).toBe(1);
    }
  });
});

describe('a command word longer than the line', () => {
  it('is never cut: its line runs over and breaks at the next space, so the example still runs when copied', () => {
    const long = 'svc actions get-actions-cache-retention-limit-for-enterprise ENTERPRISE --input lines.ndjson';
    expect(wrapHelpText(`  ${long}`, 50)).toBe(
      ['  svc actions \\', '      get-actions-cache-retention-limit-for-enterprise \\', '      ENTERPRISE --input lines.ndjson'].join('\n'),
    );
    // A quoted argument cannot go on over a line break either: it stays whole on a line of its own.
    expect(wrapHelpText("  svc alias set occ 'crm tasks series occurrences list $1 --output table'", 50)).toBe(
      ['  svc alias set occ \\', "      'crm tasks series occurrences list $1 --output table'"].join('\n'),
    );
    expect(wrapHelpText('  svc a-command-word-that-is-far-longer-than-the-line', 30)).toBe('  svc \\\n      a-command-word-that-is-far-longer-than-the-line');
  });
});

import type { Command } from 'commander';
import { type CommandLine, readCommandLine } from './command-line.js';

/**
 * `svc help email drafts` is `svc email drafts --help`, read from the same branch of the tree, so
 * the two print the same thing, byte for byte. Only when the word after `help` names a top-level
 * command (or there is none: `svc help` is `svc --help`); `svc help reference`, `svc help topics` and
 * `svc help <topic>` stay with the help command. Global options before or after are kept. Returns
 * the line as it is when none of this applies, else the line read again.
 */
export function helpAsFlag(line: CommandLine, takesValue: ReadonlySet<string>, topLevel: (word: string) => boolean): CommandLine {
  const [first, second] = line.words;
  if (first?.word !== 'help' || (second && !topLevel(second.word))) return line;
  const { argv, end } = line;
  // `svc help --help` is the help command's own help.
  if (argv.some((arg, i) => HELP_FLAGS.has(arg) && (end < 0 || i < end))) return line;
  const rest = [...argv.slice(0, first.at), ...argv.slice(first.at + 1)];
  const helpAt = end < 0 ? rest.length : end - 1;
  return readCommandLine([...rest.slice(0, helpAt), '--help', ...rest.slice(helpAt)], takesValue);
}

const HELP_FLAGS = new Set(['-h', '--help']);

/**
 * What commander is given to parse. `svc nosuch --help` and `svc email nosuch --help`: commander
 * would print the help of the last command it knew and exit 0, as if `nosuch` were fine. A word
 * that names nothing under a group is an unknown command whether or not help was asked, so the
 * help flag is dropped and commander reports the word as it does without one (exit 2, one line,
 * with its suggestion). `walk` is where the command words led (src/cli/command-line.ts).
 */
export function argvForCommander(line: CommandLine, walk: { unknown?: unknown }): string[] {
  if (!walk.unknown) return [...line.argv];
  return line.argv.filter((arg, i) => !(HELP_FLAGS.has(arg) && (line.end < 0 || i < line.end)));
}

/** Where the first option svc's root does not know is (`--input x.ndjson`): a word after it may be that option's value. */
export function firstUnknownOption(program: Command, line: CommandLine): number {
  const known = new Set([...HELP_FLAGS, ...program.options.flatMap((o) => [o.long, o.short]).filter((name) => name !== undefined)]);
  const at = line.argv.findIndex((arg) => arg.startsWith('-') && arg !== '--' && !known.has(arg.split('=')[0]!));
  return at < 0 ? Infinity : at;
}

import type { Command, Option } from 'commander';
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
 * What commander is given to parse. `svc nosuch --help`, `svc email nosuch --help`, `svc help --nope`
 * and `svc email drafts get --nope --help`: commander prints help and exits 0 when help is asked,
 * before it looks at the rest, as if `nosuch` or `--nope` were fine. A word that names nothing under
 * a group is an unknown command, and an option that the command and its parents do not take is an
 * unknown option, whether or not help was asked: the help flag is dropped and commander reports
 * them as it does without one (exit 2, one line, with its suggestion). `walk` is where the command
 * words led (src/cli/command-line.ts).
 */
export function argvForCommander(line: CommandLine, walk: { command: Command; unknown?: unknown }): string[] {
  if (!walk.unknown && unknownOptionAt(walk.command, line) < 0) return [...line.argv];
  return line.argv.filter((arg, i) => !(HELP_FLAGS.has(arg) && (line.end < 0 || i < line.end)));
}

/**
 * Where the first option is that neither `command` nor a command above it takes, before `--`; -1
 * when there is none. Read as commander reads options: a known option's value is skipped (the next
 * word, unless given with `=`), and a negative number is a value, not an option.
 */
function unknownOptionAt(command: Command, line: CommandLine): number {
  const options = new Map<string, Option>();
  for (let at: Command | null = command; at; at = at.parent)
    for (const option of at.options) for (const name of [option.long, option.short]) if (name !== undefined && !options.has(name)) options.set(name, option);
  const { argv, end } = line;
  const last = end < 0 ? argv.length : end;
  for (let i = 0; i < last; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-') || arg === '-' || NEGATIVE_NUMBER.test(arg) || HELP_FLAGS.has(arg)) continue;
    const name = arg.startsWith('--') ? arg.split('=')[0]! : arg.slice(0, 2);
    const option = options.get(name);
    if (!option) return i;
    const valueJoined = arg.startsWith('--') ? arg.includes('=') : arg.length > 2;
    if (!valueJoined && (option.required || (option.optional && i + 1 < last && !argv[i + 1]!.startsWith('-')))) i++;
  }
  return -1;
}

const NEGATIVE_NUMBER = /^-\d*\.?\d+$/;

/** Where the first option svc's root does not know is (`--input x.ndjson`): a word after it may be that option's value. */
export function firstUnknownOption(program: Command, line: CommandLine): number {
  const known = new Set([...HELP_FLAGS, ...program.options.flatMap((o) => [o.long, o.short]).filter((name) => name !== undefined)]);
  const at = line.argv.findIndex((arg) => arg.startsWith('-') && arg !== '--' && !known.has(arg.split('=')[0]!));
  return at < 0 ? Infinity : at;
}

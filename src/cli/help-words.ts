import type { Command } from 'commander';

/** The words of argv that are not options or an option's value, up to `--`, with their positions. */
function commandWords(argv: readonly string[], takesValue: ReadonlySet<string>): { word: string; at: number }[] {
  const words: { word: string; at: number }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (takesValue.has(arg)) i++;
    else if (!arg.startsWith('-')) words.push({ word: arg, at: i });
  }
  return words;
}

/**
 * `svc help email drafts` is `svc email drafts --help`, read from the same branch of the tree, so
 * the two print the same thing, byte for byte. Only when the word after `help` names a top-level
 * command (or there is none: `svc help` is `svc --help`); `svc help reference`, `svc help topics` and
 * `svc help <topic>` stay with the help command. Global options before or after are kept.
 */
export function helpAsFlag(argv: readonly string[], takesValue: ReadonlySet<string>, topLevel: (word: string) => boolean): readonly string[] {
  const [first, second] = commandWords(argv, takesValue);
  if (first?.word !== 'help' || (second && !topLevel(second.word))) return argv;
  const end = argv.indexOf('--');
  // `svc help --help` is the help command's own help.
  if (argv.some((arg, i) => HELP_FLAGS.has(arg) && (end < 0 || i < end))) return argv;
  const rest = [...argv.slice(0, first.at), ...argv.slice(first.at + 1)];
  const helpAt = end < 0 ? rest.length : end - 1;
  return [...rest.slice(0, helpAt), '--help', ...rest.slice(helpAt)];
}

const HELP_FLAGS = new Set(['-h', '--help']);

/**
 * `svc nosuch --help` and `svc email nosuch --help`: commander would print the help of the last
 * command it knew and exit 0, as if `nosuch` were fine. A word that names nothing under a group is
 * an unknown command whether or not help was asked, so the help flag is dropped and commander
 * reports the word as it does without one (exit 2, one line, with its suggestion).
 */
export function withoutHelpForUnknownWords(program: Command, argv: readonly string[], takesValue: ReadonlySet<string>): readonly string[] {
  // After an option svc's root does not know (`--input x.ndjson`), a word may be that option's value: not judged.
  const known = new Set([...HELP_FLAGS, ...program.options.flatMap((o) => [o.long, o.short]).filter((name) => name !== undefined)]);
  const unknownOption = argv.findIndex((arg) => arg.startsWith('-') && arg !== '--' && !known.has(arg.split('=')[0]!));
  let command = program;
  for (const { word, at } of commandWords(argv, takesValue)) {
    if (unknownOption >= 0 && at > unknownOption) return argv;
    if (command.commands.length === 0 || command.registeredArguments.length > 0) return argv;
    const next = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (!next) {
      const end = argv.indexOf('--');
      return argv.filter((arg, i) => !(HELP_FLAGS.has(arg) && (end < 0 || i < end)));
    }
    command = next;
  }
  return argv;
}

import type { Command } from 'commander';

/** A word of argv that is not an option or an option's value, and where it is. */
export interface CommandWord {
  word: string;
  at: number;
}

/**
 * argv read once, before the command tree is built: the words that may name commands (the options
 * of svc's root that take a value skip theirs), where `--` ends the options, and the command word.
 * Aliases, help words, which branch of the tree to build and commander's parse all read this.
 */
export interface CommandLine {
  argv: readonly string[];
  /** The words before `--`, in order. */
  words: readonly CommandWord[];
  /** Where `--` is; -1 without one. */
  end: number;
  /** The command word: the first word, or the one just after a `--` that comes first. */
  first: CommandWord | undefined;
}

export function readCommandLine(argv: readonly string[], takesValue: ReadonlySet<string>): CommandLine {
  const words: CommandWord[] = [];
  let end = -1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      end = i;
      break;
    }
    if (takesValue.has(arg)) i++;
    else if (!arg.startsWith('-')) words.push({ word: arg, at: i });
  }
  const afterEnd = end >= 0 && end + 1 < argv.length ? { word: argv[end + 1]!, at: end + 1 } : undefined;
  return { argv, words, end, first: words[0] ?? afterEnd };
}

/** The part of argv that holds options: everything before `--`. */
export const optionPart = (line: CommandLine): readonly string[] => (line.end < 0 ? line.argv : line.argv.slice(0, line.end));

/** Where a walk down the command tree ended. */
export interface Walk {
  /** The deepest command the words named. */
  command: Command;
  /** Every word named a command on the way: argv names a command, or a group, and nothing after it. */
  named: boolean;
  /** The first word that names nothing under a group. */
  unknown?: CommandWord;
}

/**
 * Walks down the tree as the command words name commands. It stops at a command that takes
 * arguments or has no subcommands (the words after it are its arguments), and at a word after
 * `stopAt` (a word after an option svc's root does not know may be that option's value).
 */
export function walkCommands(program: Command, line: CommandLine, stopAt = Infinity): Walk {
  let command = program;
  for (const { word, at } of line.words) {
    if (at > stopAt || command.commands.length === 0 || command.registeredArguments.length > 0) return { command, named: false };
    const next = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (!next) return { command, named: false, unknown: { word, at } };
    command = next;
  }
  return { command, named: true };
}

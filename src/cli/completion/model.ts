import type { Command, Option } from 'commander';

/** What can follow one command path, read from the command tree for a completion script. */
export interface CompletionNode {
  /** Command words after `svc`, joined by spaces; '' is svc itself. */
  path: string;
  subcommands: string[];
  /** Every flag accepted here: the command's own and the global ones. */
  flags: string[];
  /** The flags among them that take a value. */
  valueFlags: string[];
  /** Allowed values by flag (`--output` -> json yaml table ndjson). */
  choices: Record<string, string[]>;
  /** Flags whose value is a file name. */
  fileFlags: string[];
  /** Values of the positional arguments (`svc completion <shell>`). */
  argValues: string[];
  /** What each subcommand and flag is, from its help (for a field, the registry's meaning). */
  descriptions: Record<string, string>;
}

const names = (option: Option): string[] => [option.long, option.short].filter((name): name is string => name !== undefined);

/**
 * Walks the whole command tree, as built from the registry and the builtins, into one node per
 * command path. `argValues` adds positional values commander does not know (operation ids for `svc ops`).
 */
export function buildCompletionModel(root: Command, argValues: Record<string, readonly string[]> = {}): CompletionNode[] {
  const globals = root.options;
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string) => {
    // --version belongs to svc itself; after a command word it means nothing.
    // A hidden option is taken only to be refused with a reason (--wait-for where an operation cannot wait): never offered.
    const options = (path === '' ? globals : [...command.options, ...globals.filter((o) => o.long !== '--version')]).filter((o) => !o.hidden);
    const choices: Record<string, string[]> = {};
    for (const option of options) {
      const words = option.argChoices?.filter(isShellInert) ?? [];
      if (words.length > 0) for (const name of names(option)) choices[name] = words;
    }
    const positional = command.registeredArguments.flatMap((arg) => arg.argChoices ?? []);
    const descriptions: Record<string, string> = {};
    for (const sub of command.commands) descriptions[sub.name()] = collapseSpaces(sub.description());
    for (const option of options) for (const name of names(option)) descriptions[name] = collapseSpaces(option.description);
    nodes.push({
      path,
      subcommands: command.commands.map((sub) => sub.name()),
      flags: [...new Set([...options.flatMap(names), '--help'])],
      valueFlags: options.filter((o) => o.required || o.optional).flatMap(names),
      choices,
      fileFlags: options.filter((o) => /<file[^>]*>/.test(o.flags)).flatMap(names),
      argValues: [...positional, ...(argValues[path] ?? [])],
      descriptions,
    });
    for (const sub of command.commands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(root, '');
  return nodes;
}

/**
 * The lookup tables every completion script carries, by name (without the shell's prefix): each
 * maps a command path to words. A flag's choices are keyed by "<path> <flag>".
 */
export function completionTables(nodes: CompletionNode[]): [string, [string, string[]][]][] {
  const choiceRows = nodes.flatMap((node) => Object.entries(node.choices).map(([flag, values]): [string, string[]] => [`${node.path} ${flag}`, values]));
  return [
    ['subcommands', nodes.map((n) => [n.path, n.subcommands])],
    ['flags', nodes.map((n) => [n.path, n.flags])],
    ['value_flags', nodes.map((n) => [n.path, n.valueFlags])],
    ['file_flags', nodes.map((n) => [n.path, n.fileFlags])],
    ['args', nodes.map((n) => [n.path, n.argValues])],
    ['choices', choiceRows],
  ];
}

/** A description as one line for a shell's completion menu: each run of white space (line breaks too) becomes one space. */
const collapseSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Descriptions for the shells that show them (zsh, fish), keyed by "<path> <word>". */
export function descriptionRows(nodes: CompletionNode[]): [string, string[]][] {
  return nodes.flatMap((node) =>
    Object.entries(node.descriptions)
      .filter(([, text]) => text !== '')
      .map(([word, text]): [string, string[]] => [`${node.path} ${word}`, [text]]),
  );
}

/**
 * A value a completion may offer: the scripts keep a flag's values as one space-separated list and
 * insert the chosen one as it is, so a value with a space, a quote or a character the shell acts on
 * (`in progress`, `a|b`, an added description's `$(…)`) would be offered in pieces or run. Such a
 * value is left out of completion (help still lists it, and the command takes it quoted).
 */
const isShellInert = (value: string): boolean => /^[\p{L}\p{N}_.,:@%+=/-]+$/u.test(value);

/** A word in single quotes for sh, bash, zsh and fish alike (none of ours holds a quote, but be safe). */
export const shellWord = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The user's aliases as commands of their own: each completes as the command path its words name
 * (`dg` → `email drafts get`), and svc itself offers the alias names. `aliases` maps a name to its words.
 */
export function withAliases(nodes: CompletionNode[], aliases: Record<string, readonly string[]>): CompletionNode[] {
  const byPath = new Map(nodes.map((node) => [node.path, node]));
  const root = byPath.get('');
  if (!root) return nodes;
  const added: CompletionNode[] = [];
  const rootWords = [...root.subcommands];
  const rootDescriptions = { ...root.descriptions };
  for (const [name, words] of Object.entries(aliases)) {
    // The longest run of leading words that names a command path: `crm tasks series occurrences list $1` names five.
    let target = '';
    for (const word of words) {
      const next = target === '' ? word : `${target} ${word}`;
      if (!byPath.has(next)) break;
      target = next;
    }
    if (target === '' || byPath.has(name)) continue;
    rootWords.push(name);
    rootDescriptions[name] = `alias for ${words.join(' ')}`;
    for (const node of nodes) {
      if (node.path !== target && !node.path.startsWith(`${target} `)) continue;
      added.push({ ...node, path: `${name}${node.path.slice(target.length)}` });
    }
  }
  return [{ ...root, subcommands: rootWords, descriptions: rootDescriptions }, ...nodes.filter((node) => node !== root), ...added];
}

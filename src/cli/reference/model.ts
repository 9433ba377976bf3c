import type { EventEmitter } from 'node:events';
import { type Command, Help } from 'commander';
import type { OperationSpec } from '../../../registry/define.js';
import { type OperationDescription, describeOperation } from '../operation-description.js';

/** One item of a help list: a flag or an argument, as `--help` shows it. */
export interface HelpItem {
  term: string;
  description: string;
}

/** One command of the tree, read from the same commander objects that print its `--help`. */
export interface CommandDoc {
  /** Command words after `svc`; empty for svc itself. */
  words: string[];
  /** `svc email drafts get`. */
  name: string;
  summary: string;
  /** `svc email drafts get [options] <draftId>`. */
  usage: string;
  arguments: HelpItem[];
  /** The command's own flags by help heading (`Options:`, `Batch options:`). */
  optionGroups: { heading: string; items: HelpItem[] }[];
  subcommands: HelpItem[];
  /** The text `--help` prints after the lists: examples, method and path, settings, faults. */
  after: string;
  /** Set for a command that calls one API operation. */
  operation?: OperationDescription;
}

/** The whole reference: svc's global flags, then every command depth first, as the tree holds them. */
export interface ReferenceModel {
  globalOptions: HelpItem[];
  commands: CommandDoc[];
}

/**
 * Reads the command tree (src/cli/full-tree.ts) into the model the manual, the man pages and
 * `svc help reference` render. Descriptions come from the same commander objects and registry
 * entries as `--help`, so nothing is written twice; `operations` maps an operation id to its entry.
 */
export function readReference(root: Command, operations: Record<string, OperationSpec>): ReferenceModel {
  const help = new Help();
  const commands: CommandDoc[] = [];
  const visit = (command: Command, words: string[]) => {
    commands.push(describeCommand(help, command, words, operations));
    for (const sub of help.visibleCommands(command)) {
      // commander's own `help` subcommand of a group (svc config help) is not a command of svc's.
      if (sub.name() !== 'help' || words.length === 0) visit(sub, [...words, sub.name()]);
    }
  };
  visit(root, []);
  const globalOptions = help.visibleOptions(root).map((o) => ({ term: help.optionTerm(o), description: help.optionDescription(o) }));
  return { globalOptions, commands };
}

function describeCommand(help: Help, command: Command, words: string[], operations: Record<string, OperationSpec>): CommandDoc {
  const id = words.join('_');
  const op = words.length > 0 && Object.hasOwn(operations, id) && command.commands.length === 0 ? operations[id] : undefined;
  const items = help.visibleOptions(command).filter((o) => o.long !== '--help');
  const groups = new Map<string, HelpItem[]>();
  for (const option of items) {
    const heading = option.helpGroupHeading ?? 'Options:';
    groups.set(heading, [...(groups.get(heading) ?? []), { term: help.optionTerm(option), description: help.optionDescription(option) }]);
  }
  return {
    words,
    name: ['svc', ...words].join(' '),
    summary: command.description(),
    usage: help.commandUsage(command),
    arguments: help.visibleArguments(command).map((a) => ({ term: help.argumentTerm(a), description: help.argumentDescription(a) })),
    optionGroups: [...groups].map(([heading, list]) => ({ heading, items: list })),
    subcommands: help
      .visibleCommands(command)
      .filter((c) => c.name() !== 'help' || words.length === 0)
      .map((c) => ({ term: help.subcommandTerm(c), description: help.subcommandDescription(c) })),
    after: afterHelpText(command),
    ...(op ? { operation: describeOperation(id, op) } : {}),
  };
}

/** What `addHelpText('after', …)` adds, collected by emitting the event commander emits for `--help`. */
function afterHelpText(command: Command): string {
  let text = '';
  (command as unknown as EventEmitter).emit('afterHelp', { error: false, command, write: (chunk: string) => (text += chunk) });
  return text.replace(/^\n+/, '').trimEnd();
}

/** Whether svc may send the request again after a lost answer (the registry's `idempotent`). */
export const safety = (idempotent: boolean): string =>
  idempotent
    ? 'Safe to repeat: retried on 429, 5xx and lost connections; a batch resumed from a checkpoint sends it again.'
    : 'Not safe to repeat: never retried once it may have reached the service; a lost answer says it may have been applied.';

/** An operation's documented errors as help items: the status, or "other" where the spec lists none. */
export const errorItems = (errors: Readonly<Record<string, string>>): HelpItem[] =>
  Object.entries(errors).map(([status, meaning]) => ({ term: status === 'default' ? 'other' : status, description: meaning }));

const isParentOf = (parent: CommandDoc, child: CommandDoc): boolean =>
  child.words.length === parent.words.length + 1 && child.words.slice(0, -1).join(' ') === parent.words.join(' ');

/** The commands directly below `doc` (`svc email` → `svc email drafts`), in the model's order. */
export const childrenOf = (model: ReferenceModel, doc: CommandDoc): CommandDoc[] => model.commands.filter((other) => isParentOf(doc, other));

/** The command directly above `doc` and those directly below, in the model's order: a page's neighbours. */
export const neighboursOf = (model: ReferenceModel, doc: CommandDoc): CommandDoc[] =>
  model.commands.filter((other) => isParentOf(other, doc) || isParentOf(doc, other));

import { type Command, Option } from 'commander';
import { commandWords } from '../../registry/command-names.js';
import type { OperationSpec, Operations } from '../../registry/define.js';
import { BATCH_FLAGS } from '../input/batch-flags.js';
import type { Context } from '../core/context.js';
import { examplesHelp } from './help-layout.js';
import { addOperationCommand, commandLine, summaryOf } from './operation-command.js';

/**
 * Adds one area's commands under the root: command words are the operation id's words
 * (email_drafts_get -> `svc email drafts get`). Only the area argv names is ever built. With `only`
 * (the words after the area's on the command line), an area's hundreds of operations cost a call
 * nothing: when the words name an operation, only its command is built; else (a group's help, a
 * word that names nothing) each is listed as a group's help shows it, without reading its schemas.
 * An added area's schemas are built when first read (src/areas/operation-build.ts).
 */
export function addAreaCommands(
  root: Command,
  area: string,
  summary: string,
  operations: Operations,
  ctx: Context,
  batch = false,
  only?: readonly string[],
): void {
  const named =
    only &&
    Object.keys(operations).find((id) =>
      commandWords(id)
        .slice(1)
        .every((word, i) => only[i] === word),
    );
  if (named) return addNamedOperation(root.command(area).description(summary), named, operations[named]!, ctx, batch);
  const groups = new Map<string, Command>();
  const areaCommand = root.command(area).description(summary);
  groups.set(area, areaCommand);
  for (const [id, op] of Object.entries(operations)) {
    const words = commandWords(id);
    let parent = areaCommand;
    for (let depth = 2; depth < words.length; depth++) {
      const key = words.slice(0, depth).join(' ');
      let group = groups.get(key);
      if (!group) {
        group = parent.command(words[depth - 1]!);
        groups.set(key, group);
      }
      parent = group;
    }
    if (only && !words.slice(1).every((word, i) => only[i] === word)) addListedCommand(parent, words.at(-1)!, op, batch);
    else addOperationCommand(parent, words.at(-1)!, id, op, ctx, batch);
  }
  for (const [key, group] of groups) describeGroup(group, key, operations);
}

/** The one operation argv names, under its groups: the rest of the area is never built. */
function addNamedOperation(areaCommand: Command, id: string, op: OperationSpec, ctx: Context, batch: boolean): void {
  const words = commandWords(id);
  let parent = areaCommand;
  for (const word of words.slice(1, -1)) parent = parent.command(word);
  addOperationCommand(parent, words.at(-1)!, id, op, ctx, batch);
}

/** Every operation takes --input: a listed command has it, so a group's help shows it with `[options]`. */
const INPUT = BATCH_FLAGS.find((flag) => flag.name === 'input')!;

/**
 * An operation's command as its group's help lists it: summary, arguments, and `[options]` (every
 * operation has some), none of its schemas read. It never runs: argv names no operation.
 */
function addListedCommand(parent: Command, word: string, op: OperationSpec, batch: boolean): void {
  const command = parent.command(word).description(summaryOf(op));
  for (const name of op.args) command.argument(batch ? `[${name}]` : `<${name}>`);
  command.addOption(new Option(`--${INPUT.name} ${INPUT.value}`, INPUT.help));
}

function describeGroup(group: Command, key: string, operations: Operations): void {
  const below = Object.entries(operations).filter(([id]) => `${commandWords(id).join(' ')} `.startsWith(`${key} `));
  if (!group.description()) {
    group.description(below.length === 1 ? summaryOf(below[0]![1]) : `${below.length} operations`);
  }
  group.addHelpText('after', `\n${operationsHelp(below)}`);
}

/** A group's examples: the first of each operation below it, at most this many. */
const GROUP_EXAMPLES = 6;

function operationsHelp(operations: [string, OperationSpec][]): string {
  const lines = operations.map(([id, op]) => `  ${commandLine(id, op)}\n      ${summaryOf(op)}`);
  const examples = operations.slice(0, GROUP_EXAMPLES).flatMap(([, op]) => op.examples.slice(0, 1));
  return `Operations:\n${lines.join('\n')}\n${examples.length > 0 ? examplesHelp(examples) : ''}`;
}

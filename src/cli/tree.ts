import type { Command } from 'commander';
import { commandWords } from '../../registry/command-names.js';
import type { OperationSpec, Operations } from '../../registry/define.js';
import type { Context } from '../core/context.js';
import { examplesHelp } from './help-layout.js';
import { addOperationCommand, commandLine, summaryOf } from './operation-command.js';

/**
 * Adds one area's commands under the root: command words are the operation id's words
 * (email_drafts_get -> `svc email drafts get`). Only the area argv names is ever built.
 */
export function addAreaCommands(root: Command, area: string, summary: string, operations: Operations, ctx: Context, batch = false): void {
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
    addOperationCommand(parent, words.at(-1)!, id, op, ctx, batch);
  }
  for (const [key, group] of groups) describeGroup(group, key, operations);
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

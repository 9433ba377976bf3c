import { type Command, Option } from 'commander';
import { commandWords } from '../../registry/command-names.js';
import type { OperationSpec } from '../../registry/define.js';
import { commandFields } from '../input/fields.js';
import type { Context } from '../core/context.js';
import { canWait, WAIT_FLAGS } from '../input/wait-flags.js';
import { operationArguments, operationFlags, operationRules, requiredNote } from './operation-flags.js';

/** `svc email drafts get <draftId>`: the command line of an operation, as help shows it. */
export function commandLine(id: string, op: OperationSpec): string {
  const args = op.args.map((name) => `<${name}>`).join(' ');
  return `svc ${commandWords(id).join(' ')}${args ? ` ${args}` : ''}`;
}

/**
 * One leaf command, its arguments and flags read from the registry entry. In batch mode (argv holds
 * --input) the positional arguments are optional: each line may give them.
 */
export function addOperationCommand(parent: Command, word: string, id: string, op: OperationSpec, ctx: Context, batch = false): void {
  const command = parent.command(word).description(summaryOf(op));
  for (const arg of operationArguments(op)) {
    const what = arg.description ?? (arg.in === 'path' ? 'a path parameter' : 'a body field');
    command.argument(batch ? `[${arg.name}]` : `<${arg.name}>`, batch ? `${what}; with --input, for every line that does not give ${arg.name}` : what);
  }
  for (const flag of operationFlags(op)) {
    const option = new Option(flag.flags, `${flag.help}${requiredNote(flag)}`);
    if (flag.choices && !flag.repeatable) option.choices(flag.choices);
    if (flag.group) option.helpGroup(flag.group);
    command.addOption(flag.repeatable ? option.argParser(collect) : option);
  }
  // Taken but not shown where an operation cannot wait, so that the command says why (src/cli/wait-options.ts).
  if (!canWait(op)) for (const flag of WAIT_FLAGS) command.addOption(new Option(`--${flag.name} ${flag.value}`).hideHelp());
  command.addHelpText(
    'after',
    `${rulesHelp(op)}${deprecationHelp(op)}\n${op.method} ${op.path}${op.destructive ? '  (destructive)' : ''}\n\nExamples:\n${op.examples.map((e) => `  ${e}`).join('\n')}\n${batchHelp(id, op)}`,
  );
  command.action(async (...args: unknown[]) => {
    const self = args.at(-1) as Command;
    // The call path (zod error schema, input grammar, output) loads only when a command runs, not for help.
    const { executeOperation } = await import('./execute.js');
    await executeOperation(ctx, { id, op, positionals: self.processedArgs as string[], flags: self.opts(), globals: self.optsWithGlobals() });
  });
}

/** An operation's summary as help lists it: `Deprecated: ` in front when the service deprecates it. */
export const summaryOf = (op: OperationSpec): string => (op.deprecated ? `Deprecated: ${op.summary}` : op.summary);

function deprecationHelp(op: OperationSpec): string {
  return op.deprecated ? '\nDeprecated: the service marks this operation deprecated; it still works, and may be removed.\n' : '';
}

/** The cross-field rules the body schema enforces, in words ("at least one of --email and …"). */
function rulesHelp(op: OperationSpec): string {
  const rules = operationRules(op);
  return rules.length === 0 ? '' : `\nRules:\n${rules.map(({ text }) => `  ${text}`).join('\n')}\n`;
}

function batchHelp(id: string, op: OperationSpec): string {
  const names = [
    ...op.args,
    ...commandFields(op)
      .filter((f) => !f.positional)
      .map((f) => f.name),
  ];
  return `\nBatch: with --input, each NDJSON line or CSV row names its own ${names.join(', ')};\nflags and arguments given here apply to every line, and a line's own fields win.\n  svc ${commandWords(id).join(' ')} --input lines.ndjson --rejects failed.ndjson\n`;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

import { type Command, Option } from 'commander';
import type { OperationSpec } from '../../registry/define.js';
import type { Context } from './context.js';
import { operationArguments, operationFlags, typeNote } from './operation-flags.js';

/** `svc email drafts get <draftId>`: the command line of an operation, as help shows it. */
export function commandLine(id: string, op: OperationSpec): string {
  const args = op.args.map((name) => `<${name}>`).join(' ');
  return `svc ${id.split('_').join(' ')}${args ? ` ${args}` : ''}`;
}

/** One leaf command, its arguments and flags read from the registry entry. */
export function addOperationCommand(parent: Command, word: string, id: string, op: OperationSpec, ctx: Context): void {
  const command = parent.command(word).description(op.summary);
  for (const arg of operationArguments(op)) command.argument(`<${arg.name}>`, `${arg.in === 'path' ? 'path parameter' : 'body field'} ${typeNote(arg)}`);
  for (const flag of operationFlags(op)) {
    const option = new Option(flag.flags, `${flag.help} ${typeNote(flag)}`);
    command.addOption(flag.repeatable ? option.argParser(collect) : option);
  }
  command.addHelpText('after', `\n${op.method} ${op.path}${op.destructive ? '  (destructive)' : ''}\n\nExamples:\n${op.examples.map((e) => `  ${e}`).join('\n')}\n`);
  command.action(async (...args: unknown[]) => {
    const self = args.at(-1) as Command;
    // The call path (zod error schema, input grammar, output) loads only when a command runs, not for help.
    const { executeOperation } = await import('./execute.js');
    await executeOperation(ctx, { id, op, positionals: self.processedArgs as string[], flags: self.opts(), globals: self.optsWithGlobals() });
  });
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

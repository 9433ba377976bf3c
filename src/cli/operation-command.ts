import { type Command, Option } from 'commander';
import type { OperationSpec } from '../../registry/define.js';
import { type BodyField, bodyFields } from '../input/fields.js';
import type { Context } from './context.js';
import { executeOperation } from './execute.js';

const MAP_HELP = 'key=value, key:=json or key[]=value; repeatable, a repeated key keeps every value';

/** `svc email drafts get <draftId>`: the command line of an operation, as help shows it. */
export function commandLine(id: string, op: OperationSpec): string {
  const args = op.args.map((name) => `<${name}>`).join(' ');
  return `svc ${id.split('_').join(' ')}${args ? ` ${args}` : ''}`;
}

/** One leaf command, its arguments and flags read from the registry entry. */
export function addOperationCommand(parent: Command, word: string, id: string, op: OperationSpec, ctx: Context): void {
  const command = parent.command(word).description(op.summary);
  const fields = bodyFields(op);
  for (const name of op.args) command.argument(`<${name}>`, fields.find((f) => f.name === name)?.positional ? 'body field' : 'path parameter');
  for (const field of fields) if (!field.positional) for (const option of fieldOptions(field)) command.addOption(option);
  if (op.body) command.addOption(new Option('--body <json|@file|->', 'the whole request body as JSON; flags apply on top of it'));
  if (op.destructive) command.addOption(new Option('-y, --yes', 'do not ask for confirmation'));
  command.addHelpText('after', `\n${op.method} ${op.path}${op.destructive ? '  (destructive)' : ''}\n\nExamples:\n${op.examples.map((e) => `  ${e}`).join('\n')}\n`);
  command.action(async (...args: unknown[]) => {
    const self = args.at(-1) as Command;
    await executeOperation(ctx, { id, op, positionals: self.processedArgs as string[], flags: self.opts(), globals: self.optsWithGlobals() });
  });
}

function fieldOptions(field: BodyField): Option[] {
  const flag = `--${field.flag}`;
  const required = field.required ? ' (required)' : '';
  switch (field.kind) {
    case 'boolean':
      return [new Option(flag, `send ${field.name}: true`), new Option(`--no-${field.flag}`, `send ${field.name}: false`)];
    case 'map':
      return [new Option(`${flag} <key=value>`, `${field.name} entries: ${MAP_HELP}${required}`).argParser(collect)];
    case 'list':
      return [new Option(`${flag} <value>`, `${field.name} item (repeatable)${required}`).argParser(collect)];
    case 'number':
      return [new Option(`${flag} <number>`, `${field.name} (number)${required}`)];
    case 'json':
      return [new Option(`${flag} <json>`, `${field.name} (JSON)${required}`)];
    default:
      return [new Option(`${flag} <string>`, `${field.name} (string)${required}`)];
  }
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

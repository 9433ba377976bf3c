import { isListOperation, type OperationSpec } from '../../registry/define.js';
import { pathParamFields } from '../../registry/fields.js';
import { type FieldRule, rulesOf, ruleText } from '../../registry/rules.js';
import { BATCH_FLAGS } from '../input/batch-flags.js';
import { canWait, WAIT_FLAGS } from '../input/wait-flags.js';
import { type BodyField, bodyFields, commandFields, fieldFlag } from '../input/fields.js';

/** One flag of a generated command, as help, `svc ops` and completion show it. */
export interface FlagSpec {
  /** As commander reads it: `--email <string>`, `-y, --yes`. */
  flags: string;
  /** The value's type in words: string, number, boolean, map, list, JSON, file. */
  type: string;
  required: boolean;
  help: string;
  /** The body field, query or header parameter it fills, if any. */
  field?: string;
  /** Where that field goes: the query string, a request header or the body. */
  in?: 'query' | 'header' | 'body';
  /** Each use adds a value. */
  repeatable?: boolean;
  /** The only values accepted. */
  choices?: string[];
  /** Help heading, for flags that are not the operation's own (batch mode). */
  group?: string;
}

export interface ArgumentSpec {
  name: string;
  /** A path parameter, or a body field given positionally. */
  in: 'path' | 'body';
  type: string;
  required: true;
  /** Its meaning, from the registry. */
  description?: string;
}

const MAP_HELP = 'key=value, key:=json or key[]=value; repeatable, a repeated key keeps every value';

/** The positional arguments of an operation's command, in order. */
export function operationArguments(op: OperationSpec): ArgumentSpec[] {
  const fields = new Map([...pathParamFields(op), ...bodyFields(op)].map((field) => [field.name, field]));
  return op.args.map((name) => {
    const field = fields.get(name);
    const description = field?.description;
    return { name, in: field?.in === 'body' ? 'body' : 'path', type: 'string', required: true, ...(description ? { description } : {}) };
  });
}

/** The operation's cross-field rules, its fields named as the command line names them. */
export function operationRules(op: OperationSpec): { rule: FieldRule; text: string }[] {
  const positional = new Set(op.args);
  const name = (field: string) => (positional.has(field) ? `<${field}>` : `--${fieldFlag(op, field)}`);
  return rulesOf(op.body).map((rule) => ({ rule, text: `${ruleText(rule, name)}: ${rule.description}` }));
}

/** Every flag of an operation's command: query and header parameters and body fields, then --body, --yes, a save flag, the paging, wait and batch flags. */
export function operationFlags(op: OperationSpec): FlagSpec[] {
  const flags = commandFields(op)
    .filter((field) => !field.positional)
    .flatMap(fieldFlags);
  if (op.body)
    flags.push({
      flags: '--body <json|@file|->',
      type: 'JSON',
      required: false,
      help: `the whole request body as JSON; flags apply on top of it${op.optionalBody ? ' (the body is optional: without --body or a body flag, none is sent)' : ''}`,
    });
  if (op.destructive)
    flags.push({ flags: '-y, --yes', type: 'boolean', required: false, help: 'do not ask for confirmation; needed when svc cannot ask (no terminal)' });
  if (op.saveField) flags.push({ flags: `--${op.saveField.flag} <file>`, type: 'file', required: false, help: op.saveField.help });
  return [...flags, ...(isListOperation(op) ? pagingFlags : []), ...(canWait(op) ? waitFlags : []), ...batchFlags];
}

const paging = { required: false, group: 'Paging options:' };

/** `--paginate` and its bounds (docs/guide/pagination.md): list operations and `svc api`. */
export const pagingFlags: FlagSpec[] = [
  { ...paging, flags: '--paginate', type: 'boolean', help: 'read every page (Link rel="next", or the declared cursor) and print the items as one list' },
  { ...paging, flags: '--max-pages <n>', type: 'number', help: 'with --paginate, read at most this many pages (default 1000)' },
  { ...paging, flags: '--max-items <n>', type: 'number', help: 'with --paginate, print at most this many items (default 100000)' },
];

/** `--wait-for` and its options (docs/guide/waiting.md): operations the registry declares safe to repeat. */
export const waitFlags: FlagSpec[] = WAIT_FLAGS.map((flag) => ({
  flags: `--${flag.name} ${flag.value}`,
  type: flag.type,
  required: false,
  help: flag.help,
  group: 'Wait options:',
}));

/** Every operation runs in batch mode with --input; the rest need it (src/batch/flags.ts declares them). */
const batchFlags: FlagSpec[] = BATCH_FLAGS.map((flag) => ({
  flags: `--${flag.name}${flag.value ? ` ${flag.value}` : ''}`,
  type: flag.type,
  required: false,
  help: flag.help,
  group: 'Batch options:',
  ...(flag.choices ? { choices: flag.choices } : {}),
}));

/** A flag's help is the field's meaning from the registry, then how to write it; the name when none is declared. */
function fieldFlags(field: BodyField): FlagSpec[] {
  const flag = `--${field.flag}`;
  const meaning = field.description ?? field.name;
  const base = {
    required: field.required,
    field: field.name,
    in: field.in === 'path' ? 'body' : field.in,
    ...(field.choices ? { choices: field.choices } : {}),
  } as const;
  switch (field.kind) {
    case 'boolean':
      return [
        { ...base, flags: flag, type: 'boolean', help: `${meaning}; sends true` },
        { ...base, flags: `--no-${field.flag}`, type: 'boolean', help: `send ${field.name}: false` },
      ];
    case 'map':
      return [{ ...base, flags: `${flag} <key=value>`, type: 'map', help: `${meaning}; ${MAP_HELP}`, repeatable: true }];
    case 'list':
      return [{ ...base, flags: `${flag} <value>`, type: 'list', help: `${meaning} (repeatable)`, repeatable: true }];
    case 'number':
      return [{ ...base, flags: `${flag} <number>`, type: 'number', help: meaning }];
    case 'json':
      return [{ ...base, flags: `${flag} <json>`, type: 'JSON', help: meaning }];
    default:
      return [{ ...base, flags: `${flag} <${field.choices ? 'value' : 'string'}>`, type: 'string', help: meaning }];
  }
}

/**
 * What help adds after a flag's meaning: that it is required, and when, or nothing. Its type is not
 * repeated: the value's form is in the flag itself (`<key=value>`, `<number>`, `<json>`, `<file>`).
 * A required body field may come from --body instead, and any required field from each line with
 * --input, so help says so rather than call the flag required outright.
 */
export const requiredNote = (spec: Pick<FlagSpec, 'required' | 'in'>): string =>
  spec.required ? (spec.in === 'body' ? ' (required unless --body or --input gives it)' : ' (required unless --input gives it)') : '';

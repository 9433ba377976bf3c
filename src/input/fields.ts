import type { OperationSpec } from '../../registry/define.js';
import { type FieldDoc, type FieldKind, objectFields } from '../../registry/fields.js';
import { flagOf } from '../../registry/header-params.js';
import { BATCH_FLAGS } from './batch-flags.js';
import { WAIT_FLAGS } from './wait-flags.js';

export type { FieldKind };

/** A body field, query or header parameter as the command line takes it. */
export interface BodyField extends FieldDoc {
  /** Long flag without dashes: `linkedinProfileUrl` -> `linkedin-profile-url`; a header's is its name, `if-none-match`. */
  flag: string;
  /** Where commander keeps the flag's value: `linkedinProfileUrl`; `ifNoneMatch` for `--if-none-match`. */
  key: string;
  /** Given as a positional argument rather than a flag. */
  positional: boolean;
}

export const toKebab = flagOf;

/**
 * svc's own long flags: the global options (src/cli/program.ts) and those every operation command
 * may have (src/cli/operation-flags.ts). A field is named by the API, not by svc, and a service may
 * well have a field `body`, `output` or `query`: its flag then takes `-field` after its name
 * (`--body-field`), so it neither breaks the command nor silently takes svc's own option.
 */
export const OWN_FLAGS: ReadonlySet<string> = new Set([
  ...['base-url', 'profile', 'timeout', 'retries', 'strict', 'debug', 'dry-run', 'output', 'query', 'help', 'version'],
  ...['body', 'yes', 'paginate', 'max-pages', 'max-items'],
  ...BATCH_FLAGS.map((flag) => flag.name),
  ...WAIT_FLAGS.map((flag) => flag.name),
]);

/**
 * A long flag commander reads as one flag of this name: words of lower-case letters (any script)
 * and digits joined by single `-`, `_` or `.`. Anything else a name may hold (an upper-case first
 * letter, spaces, `--`, `,`, `<`, nothing at all) breaks the command or files the value elsewhere.
 */
const PLAIN_FLAG = /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_.][\p{Ll}\p{Lo}\p{N}]+)*$/u;

/** A name as a flag word: kebab case (`linkedinProfileUrl` -> `linkedin-profile-url`), else its letters and digits joined by `-` (`Name` -> `name`, `a b` -> `a-b`, `` -> `field`). */
function flagWord(name: string): string {
  const kebab = toKebab(name);
  if (PLAIN_FLAG.test(kebab)) return kebab;
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.join('-') : 'field';
}

/**
 * The flag of each input of an operation (query, header and body fields, in that order): its name
 * as a flag word, with `-field` after it while that is one of svc's own flags, the save flag or an
 * earlier input's flag, so that two names never make one flag (`aB` and `a-b`). A flag never starts
 * with `no-`, which commander reads as the negation of another (`--no-x` files its value under
 * `x`): `noReply` is `--no_reply`.
 */
type FlagSource = Pick<OperationSpec, 'saveField'> & Partial<Pick<OperationSpec, 'query' | 'headers' | 'body'>>;
const flagsByOperation = new WeakMap<object, Map<string, string>>();
function inputFlags(op: FlagSource): Map<string, string> {
  let flags = flagsByOperation.get(op);
  if (flags) return flags;
  flags = new Map();
  const used = new Set<string>();
  const names = [op.query, op.headers, op.body].flatMap((schema, i) =>
    objectFields(schema, (['query', 'header', 'body'] as const)[i]!).map((field) => field.name),
  );
  for (const name of names) {
    if (flags.has(name)) continue;
    const flag = freeFlag(op, name, used);
    used.add(flag);
    flags.set(name, flag);
  }
  flagsByOperation.set(op, flags);
  return flags;
}

/** The name's flag word, never `no-…`, with `-field` after it while svc or another input (`used`) has it. */
function freeFlag(op: FlagSource, name: string, used: ReadonlySet<string>): string {
  let flag = flagWord(name).replace(/^no-/, 'no_');
  while (OWN_FLAGS.has(flag) || flag === op.saveField?.flag || used.has(flag)) flag = `${flag}-field`;
  return flag;
}

/** The flag of an input of `op` (inputFlags): its name in kebab case, made one flag of its own. */
export function fieldFlag(op: FlagSource, name: string): string {
  return inputFlags(op).get(name) ?? freeFlag(op, name, new Set());
}

/** commander's name for a flag's value, as commander makes it: `--if-none-match` -> `ifNoneMatch`, `--a-ä` -> `aÄ`. */
const optionKey = (flag: string): string => flag.split('-').reduce((key, word) => key + word.charAt(0).toUpperCase() + word.slice(1));

const asCommandField =
  (op: OperationSpec) =>
  (field: FieldDoc): BodyField => {
    const flag = fieldFlag(op, field.name);
    return { ...field, flag, key: optionKey(flag), positional: field.in === 'body' && op.args.includes(field.name) };
  };

/** The body fields of an operation, read from its zod schema, in declaration order. */
export function bodyFields(op: OperationSpec): BodyField[] {
  return objectFields(op.body, 'body').map(asCommandField(op));
}

/** The query parameters of an operation, each a flag. */
export function queryFields(op: OperationSpec): BodyField[] {
  return objectFields(op.query, 'query').map(asCommandField(op));
}

/** The header parameters of an operation, each a flag of its name. */
export function headerFields(op: OperationSpec): BodyField[] {
  return objectFields(op.headers, 'header').map(asCommandField(op));
}

/** Every flag-or-positional input besides path parameters: query parameters, header parameters, then body fields. */
export const commandFields = (op: OperationSpec): BodyField[] => [...queryFields(op), ...headerFields(op), ...bodyFields(op)];

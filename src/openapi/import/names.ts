/**
 * Names and texts from a description, made safe for generated TypeScript: command words from tags
 * and operation ids, identifiers, object keys, string literals and comments. Nothing from a
 * description reaches generated code except through these.
 */

/** The built-in commands of svc: an imported area cannot take one of their names. */
export const BUILTIN_COMMANDS = ['auth', 'config', 'ops', 'api', 'openapi', 'completion', 'areas', 'alias', 'help', 'mock', 'mcp'] as const;

/**
 * The words `svc help <word>` answers with a page of its own: a guide of docs/guide, the list of
 * them and the reference. An area of that name would take `svc help <word>` from the guide.
 */
export const HELP_TOPICS = [
  'reference',
  'topics',
  'added-areas',
  'adding-an-area',
  'aliases',
  'batch',
  'checkpoints',
  'credentials',
  'environment',
  'exit-codes',
  'finding-commands',
  'input',
  'install',
  'library',
  'mcp-server',
  'mocking',
  'networks',
  'openapi-export',
  'output',
  'pagination',
  'raw-requests',
  'waiting',
] as const;

/** Words made of `[a-z0-9]` joined by single hyphens, from any text: `Code Scanning` -> `code-scanning`, `getUserById` -> `get-user-by-id`. */
export function hyphenated(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A command word: hyphenated, starting with a letter (`2fa` -> `x-2fa`), never empty. */
export function commandWord(text: string, fallback: string): string {
  const word = hyphenated(text) || fallback;
  return /^[a-z]/.test(word) ? word : `x-${word}`;
}

/** An area's name from its tag: lower case, any other character a hyphen (`Code Scanning` -> `code-scanning`). */
export function areaName(tag: string): string {
  const name = tag
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z]/.test(name) ? name : name ? `x-${name}` : 'untagged';
}

/** The registry's id grammar: an area word, then words joined by `_`; each word lower-case letters and digits, hyphens inside. */
export const ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(_[a-z][a-z0-9]*(-[a-z0-9]+)*)+$/;

/**
 * The registry id of an operation: an operationId that is already a registry id of this area (as
 * svc's own export writes them) is kept; otherwise `<area>_<word>`, the word from the operationId
 * without a leading `<tag>/` (`repos/get-content` -> `repos_get-content`), or from the method and
 * path words when there is no operationId. `source` is the area's name from its tag when --rename
 * gave it another: the id takes the new name, the prefixes read are the description's.
 */
export function operationIdFor(area: string, tag: string | undefined, operationId: string | undefined, method: string, path: string, source = area): string {
  if (operationId !== undefined && ID_PATTERN.test(operationId) && operationId.startsWith(`${source}_`)) return `${area}${operationId.slice(source.length)}`;
  if (operationId !== undefined && operationId.trim() !== '') {
    const prefix = tag === undefined ? undefined : [`${tag}/`, `${source}/`].find((start) => operationId.startsWith(start));
    const rest = prefix ? operationId.slice(prefix.length) : operationId;
    return `${area}_${commandWord(rest, 'operation')}`;
  }
  return `${area}_${commandWord(`${method} ${path.replace(/[{}]/g, ' ')}`, method.toLowerCase())}`;
}

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await async arguments eval undefined NaN Infinity z defineOperations atLeastOneOf'
  ).split(' '),
);

/** A TypeScript identifier for an area (`code-scanning` -> `codeScanning`): never reserved, never starting with a digit. */
export function areaIdentifier(area: string): string {
  const camel = area.replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase()).replace(/[^\w$]/g, '_');
  return RESERVED.has(camel) || !/^[A-Za-z_$]/.test(camel) ? `${camel.replace(/^(\d)/, '_$1')}Area` : camel;
}

/** A string as a TypeScript literal: JSON, with the two line separators JSON leaves raw escaped too. */
export function literal(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A value as a TypeScript expression: JSON, line separators escaped, `__proto__` keys kept as own keys. */
export function dataLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(dataLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${objectKey(key)}: ${dataLiteral(item)}`)
      .join(', ')} }`;
  }
  return typeof value === 'string' ? literal(value) : JSON.stringify(value ?? null);
}

/** An object literal key: bare when an identifier, quoted otherwise, computed for `__proto__` (which a quoted key would turn into the prototype). */
export function objectKey(name: string): string {
  if (name === '__proto__') return '["__proto__"]';
  if (/^(0|[1-9]\d{0,8})$/.test(name)) return name;
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
}

// An svc command line for one operation of a description, with the least input it takes: the
// required path parameters as positional arguments (in path order), the required query and
// header parameters as flags, and the JSON body whole, with --body (an optional one when its least
// value is not {}).
import { minimalValue } from './minimal-value.mjs';

/** svc's flag for a field or parameter name (docs/guide/input.md): camelCase to kebab-case, the rest as it is. */
export const flagOf = (name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The value a parameter takes: its own example when it has a scalar one, else the least its schema accepts. */
function parameterValue(document, param) {
  return minimalValue(document, param.schema ?? true, `${param.at}/schema`);
}

/** `flag value` words for one value of a query or header parameter. */
function flagWords(flag, value) {
  if (value === true) return [flag];
  if (value === false) return [`--no-${flag.slice(2)}`];
  if (Array.isArray(value)) return value.flatMap((item) => [flag, typeof item === 'string' ? item : JSON.stringify(item)]);
  return [flag, typeof value === 'string' ? value : JSON.stringify(value)];
}

/**
 * The argv after `svc` for `operation` (an entry of the validator's `operations`), given its
 * command words (`['repos', 'get-content']`): words, path values, flags, and `--body <json>`;
 * `everyParameter` gives every query and header parameter, optional ones too.
 */
export function commandLine(document, operation, words, { everyParameter = false } = {}) {
  const argv = [...words];
  const byName = new Map(operation.params.map((param) => [`${param.in}:${param.name}`, param]));
  for (const name of operation.matcher.names) {
    const param = byName.get(`path:${name}`);
    const value = param ? parameterValue(document, param) : 'a';
    argv.push(typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const param of operation.params) {
    if ((!param.required && !everyParameter) || (param.in !== 'query' && param.in !== 'header')) continue;
    const name = param.in === 'header' ? param.name.toLowerCase() : param.name;
    argv.push(...flagWords(flagOf(name), parameterValue(document, param)));
  }
  if (operation.body?.schemaAt) {
    // An optional body is given when its least value says something; otherwise none is given, and svc sends none.
    const body = minimalValue(document, { $ref: `#${operation.body.schemaAt}` });
    const empty = body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0;
    if (operation.body.required || !empty) argv.push('--body', JSON.stringify(body));
  }
  return argv;
}

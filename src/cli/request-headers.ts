import { FRAMING_HEADER_NAMES as FRAMING } from '../../registry/header-params.js';
import { InputError } from '../errors.js';

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `-H 'Name: value'` as given, repeatable, read into lower-case names; a name given twice keeps
 * both values, joined by ", " as HTTP joins a list. Each refusal is one line (exit 2, nothing sent):
 * no line break or other control character can smuggle a second header or a second request.
 * `Authorization` replaces svc's credential only with `--header-authorization-ok`.
 */
export function readRequestHeaders(given: readonly string[], authorizationOk: boolean): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const item of given) {
    const colon = item.indexOf(':');
    const name = (colon === -1 ? item : item.slice(0, colon)).trim();
    const shown = JSON.stringify(item);
    if (colon === -1) throw new InputError(`-H: expected "Name: value", got ${shown}`);
    if (!TOKEN.test(name)) throw new InputError(`-H: ${JSON.stringify(name)} is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)`);
    const value = item.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new InputError(`-H: the value of ${name} holds a line break or another control character; a header is one line`);
    const key = name.toLowerCase();
    if (FRAMING.has(key)) throw new InputError(`-H: ${name} is set by svc for the request it sends and cannot be given`);
    if (key === 'authorization' && !authorizationOk)
      throw new InputError('-H: Authorization would replace the credential svc sends; add --header-authorization-ok to send it instead');
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  return headers;
}

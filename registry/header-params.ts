// Header parameters of an operation (OperationSpec.headers): which names an operation may declare.

/** A header parameter's name as declared: lower-case letters, digits and inner hyphens (`if-none-match`), also its flag. */
export const HEADER_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Headers svc sets itself from the request it sends (its framing, its connection, the host it
 * dials): one given with `svc api -H` or declared as a parameter would contradict the request or the
 * proxy it goes through.
 */
export const FRAMING_HEADER_NAMES: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
]);

/**
 * Headers svc sets itself for the request it sends, from its credential, its body and its connection:
 * a parameter of one of these names would contradict the request, so no operation declares one.
 * (`svc api -H` may set the content type, accept, user agent and cookie, and Authorization with its flag.)
 */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set([...FRAMING_HEADER_NAMES, 'authorization', 'content-type', 'accept', 'user-agent', 'cookie']);

/** `linkedinProfileUrl` -> `linkedin-profile-url`: the flag of a query parameter or body field. */
export const flagOf = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Refuses a header parameter svc cannot send as declared: a name that is not lower-case words, a
 * header svc sets itself, or one whose name or flag another input of the operation already has
 * (`others`: the names of its path parameters, query parameters and body fields).
 */
export function checkHeaderNames(id: string, headers: readonly string[], others: readonly string[]): void {
  const flags = new Map(others.map((name) => [flagOf(name), name]));
  for (const name of headers) {
    if (!HEADER_NAME.test(name))
      throw new Error(`Operation ${id}: the header parameter "${name}" must be named in lower case, letters and digits joined by "-", such as if-none-match.`);
    if (RESERVED_HEADER_NAMES.has(name))
      throw new Error(`Operation ${id}: the header parameter "${name}" names a header svc sets itself; it cannot be a parameter.`);
    const other = others.includes(name) ? name : flags.get(name);
    if (other !== undefined) throw new Error(`Operation ${id}: the header parameter "${name}" has the name or flag (--${name}) of another input, "${other}".`);
  }
}

/** A header whose name says it carries a credential (`x-api-key`, `x-auth-token`): its value is redacted wherever svc prints. */
export const isSecretHeader = (name: string): boolean =>
  /pass(word|phrase)?|secret|token|api-?key|auth|credential|private|cookie|session|signature/i.test(name);

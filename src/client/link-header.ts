/** One link of an RFC 8288 `Link` header: its target as written and its parameters. */
export interface LinkValue {
  /** The URI reference between `<` and `>`, unresolved. */
  target: string;
  /** Parameter values by lower-case name; the first occurrence of a name wins (RFC 8288 §3.3). */
  params: Record<string, string>;
}

const SPACE = /[ \t]/;

/**
 * Reads a `Link` header (several headers arrive joined by ", "): `<uri>; rel="next last"; title=x`.
 * Targets may hold commas and semicolons, values may be quoted with `\` escapes; a link that does
 * not start with `<` is skipped up to the next comma, never guessed at.
 */
export function parseLinkHeader(header: string): LinkValue[] {
  const links: LinkValue[] = [];
  let at = 0;
  const skipSpace = (): void => {
    while (at < header.length && SPACE.test(header[at]!)) at++;
  };
  while (at < header.length) {
    skipSpace();
    if (header[at] === ',') {
      at++;
      continue;
    }
    if (at >= header.length) break;
    if (header[at] !== '<') {
      at = skipElement(header, at);
      continue;
    }
    const close = header.indexOf('>', at + 1);
    if (close === -1) break;
    const link: LinkValue = { target: header.slice(at + 1, close), params: Object.create(null) as Record<string, string> };
    at = readParams(header, close + 1, link.params);
    links.push(link);
  }
  return links;
}

/** Reads `; name=value` parameters from `start` up to the comma that ends the link; returns where it stopped. */
function readParams(header: string, start: number, params: Record<string, string>): number {
  let at = start;
  for (;;) {
    while (at < header.length && SPACE.test(header[at]!)) at++;
    if (at >= header.length || header[at] === ',') return at;
    if (header[at] !== ';') return skipElement(header, at);
    at++;
    while (at < header.length && SPACE.test(header[at]!)) at++;
    const nameStart = at;
    while (at < header.length && !/[=;, \t]/.test(header[at]!)) at++;
    const name = header.slice(nameStart, at).toLowerCase();
    while (at < header.length && SPACE.test(header[at]!)) at++;
    let value = '';
    if (header[at] === '=') {
      at++;
      while (at < header.length && SPACE.test(header[at]!)) at++;
      [value, at] = header[at] === '"' ? readQuoted(header, at + 1) : readToken(header, at);
    }
    if (name !== '' && !Object.hasOwn(params, name)) params[name] = value;
  }
}

/** A quoted-string's content from just after its opening quote; returns the value and where it ended. */
function readQuoted(header: string, start: number): [string, number] {
  let value = '';
  let at = start;
  while (at < header.length && header[at] !== '"') {
    if (header[at] === '\\' && at + 1 < header.length) at++;
    value += header[at];
    at++;
  }
  return [value, at + 1];
}

function readToken(header: string, start: number): [string, number] {
  let at = start;
  while (at < header.length && !/[;, \t]/.test(header[at]!)) at++;
  return [header.slice(start, at), at];
}

/** Past the malformed element at `start`: to the next comma outside quotes and `<…>`. */
function skipElement(header: string, start: number): number {
  let at = start;
  let quoted = false;
  let bracketed = false;
  for (; at < header.length; at++) {
    const char = header[at];
    if (quoted) {
      if (char === '\\') at++;
      else if (char === '"') quoted = false;
    } else if (bracketed) bracketed = char !== '>';
    else if (char === '"') quoted = true;
    else if (char === '<') bracketed = true;
    else if (char === ',') break;
  }
  return at;
}

/** Whether a link's `rel` (a space-separated, case-insensitive list) names `relation`. */
export const hasRelation = (link: LinkValue, relation: string): boolean =>
  (link.params.rel ?? '')
    .toLowerCase()
    .split(/[ \t]+/)
    .includes(relation);

/**
 * The `rel="next"` target of a `Link` header resolved against the URL of the request that got it
 * (RFC 3986 §5): an absolute URL; `{ problem }` when the target cannot be read as one; undefined
 * when there is no next link.
 */
export function nextLinkOf(header: string | undefined, requestUrl: string): { url: string } | { problem: string } | undefined {
  if (header === undefined) return undefined;
  const link = parseLinkHeader(header).find((candidate) => hasRelation(candidate, 'next'));
  if (!link) return undefined;
  try {
    return { url: new URL(link.target, requestUrl).href };
  } catch {
    return { problem: `its next link <${link.target}> is not a URL` };
  }
}

// NO_PROXY read as curl reads it (its lib/noproxy.c, 7.86 and later), so that a host curl sends
// through the proxy goes through it with svc too: host names match at a label boundary, IP
// addresses only as addresses (exactly, or in a CIDR range), `*` only when it is the whole value.

/** The host as NO_PROXY sees it: an IPv4 or IPv6 address (as 16 or 4 bytes) or a host name. */
type Name = { kind: 'host'; text: string } | { kind: 'ipv4'; bytes: Uint8Array } | { kind: 'ipv6'; bytes: Uint8Array };

/**
 * The NO_PROXY entry that matches a URL's host, or undefined. The rules (docs/guide/networks.md):
 * - the whole value `*` matches every host; a `*` among other entries matches none;
 * - entries are separated by commas, with blanks (spaces, tabs) around them ignored; a blank
 *   between two entries ends the list, as in curl, which reads space-separated lists no further;
 * - for a host name, an entry (one leading and one trailing dot dropped, case ignored) matches the
 *   name itself or a name that ends in a dot followed by it: `example.com` matches
 *   `api.example.com`, not `notexample.com`; `*.example.com` is not a pattern and matches nothing;
 * - for an IP address, an entry matches only as an address: the same address, or a range written
 *   `address/bits`; `1`, `.1` or `0.0.1` match no address. IPv6 entries are written without brackets;
 * - an entry with a port (`host:8080`) matches nothing, as in curl: ports are not compared.
 */
export function matchNoProxy(url: URL, noProxy: string): string | undefined {
  if (noProxy === '*') return '*';
  const name = nameOf(url.hostname);
  if (name === undefined) return undefined;
  for (const entry of entriesOf(noProxy)) if (entryMatches(name, entry)) return entry;
  return undefined;
}

function nameOf(hostname: string): Name | undefined {
  if (hostname === '') return undefined;
  if (hostname.startsWith('[')) {
    const bytes = ipv6Bytes(hostname.slice(1, hostname.indexOf(']')));
    return bytes && { kind: 'ipv6', bytes };
  }
  const ipv4 = ipv4Bytes(hostname);
  if (ipv4) return { kind: 'ipv4', bytes: ipv4 };
  return { kind: 'host', text: hostname.endsWith('.') ? hostname.slice(0, -1) : hostname };
}

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';

/** The entries curl reads: comma-separated, blanks around them skipped, a blank instead of a comma ending the list. */
function entriesOf(noProxy: string): string[] {
  const entries: string[] = [];
  let at = 0;
  while (at < noProxy.length) {
    while (isBlank(noProxy[at])) at++;
    const start = at;
    while (at < noProxy.length && !isBlank(noProxy[at]) && noProxy[at] !== ',') at++;
    if (at > start) entries.push(noProxy.slice(start, at));
    while (isBlank(noProxy[at])) at++;
    if (noProxy[at] !== ',') break;
    while (noProxy[at] === ',') at++;
  }
  return entries;
}

function entryMatches(name: Name, entry: string): boolean {
  if (name.kind === 'host') return hostMatches(name.text, entry);
  if (entry.length >= 128) return false;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const bits = slash === -1 ? 0 : leadingInteger(entry.slice(slash + 1));
  const network = name.kind === 'ipv4' ? ipv4Bytes(address) : ipv6Bytes(address);
  if (!network) return false;
  // curl: no bits (or /0) means the whole address; more bits than the address has match nothing.
  const width = name.kind === 'ipv4' ? 32 : 128;
  if (bits < 0 || bits > width) return false;
  return samePrefix(name.bytes, network, bits === 0 ? width : bits);
}

/** ASCII case folding only, as curl's strncasecompare: a Kelvin sign is not a k. */
const foldCase = (text: string): string => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

function hostMatches(name: string, entry: string): boolean {
  let token = entry.endsWith('.') ? entry.slice(0, -1) : entry;
  if (token.startsWith('.')) token = token.slice(1);
  const host = foldCase(name);
  token = foldCase(token);
  if (token.length === host.length) return token === host;
  return token.length < host.length && host[host.length - token.length - 1] === '.' && host.endsWith(token);
}

/** What C's atoi reads from the start of the text: an optional sign and digits, 0 when none (curl reads the bits so). */
function leadingInteger(text: string): number {
  const match = /^[+-]?\d+/.exec(text);
  return match ? Number(match[0]) : 0;
}

function samePrefix(a: Uint8Array, b: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((a[whole]! ^ b[whole]!) & mask) === 0;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const DOTTED_QUAD = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** A dotted quad as inet_pton reads it (four decimal parts, no leading zeros), or undefined. */
export function ipv4Bytes(text: string): Uint8Array | undefined {
  return DOTTED_QUAD.test(text) ? Uint8Array.from(text.split('.'), Number) : undefined;
}

/** An IPv6 address as inet_pton reads it (`::` once, a dotted quad last), or undefined. */
export function ipv6Bytes(text: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const gap = text.indexOf('::');
  if (gap !== -1 && text.includes('::', gap + 1)) return undefined;
  const head = words(gap === -1 ? text : text.slice(0, gap), gap === -1);
  const tail = gap === -1 ? [] : words(text.slice(gap + 2), true);
  if (!head || !tail) return undefined;
  const count = head.length + tail.length;
  if (gap === -1 ? count !== 8 : count > 7) return undefined;
  const all = [...head, ...new Array<number>(8 - count).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  all.forEach((word, i) => bytes.set([word >> 8, word & 0xff], i * 2));
  return bytes;
}

/** The 16-bit words of colon-separated groups; a dotted quad is allowed as the last group of the address. */
function words(text: string, endsAddress: boolean): number[] | undefined {
  if (text === '') return [];
  const groups = text.split(':');
  const result: number[] = [];
  for (const [i, group] of groups.entries()) {
    const quad = endsAddress && i === groups.length - 1 ? ipv4Bytes(group) : undefined;
    if (quad) result.push((quad[0]! << 8) | quad[1]!, (quad[2]! << 8) | quad[3]!);
    else if (/^[0-9a-fA-F]{1,4}$/.test(group)) result.push(parseInt(group, 16));
    else return undefined;
  }
  return result;
}

// The origin and path undici is given for a request's URL (cheap per call, and always
// what the URL parser would give; test/client/url-split.property.test.ts).

const origins = new Map<string, string>();
/** Characters the URL parser keeps as they are in a path and query. */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
// The last plain prefix (scheme and authority) and its origin: a batch calls one base URL, so most
// calls compare one prefix instead of slicing and hashing it.
let lastPrefix = '';
let lastOrigin = '';
// The last URL and its parts: a batch of creates calls one URL for every line.
let lastUrl = '';
let lastSplit = { origin: '', path: '' };

/**
 * The origin and path of a URL. The URL parser runs once per base URL, not per call (it was a
 * measurable share of a batch's CPU per call); a URL it would rewrite (a fragment, a backslash,
 * white space, dot segments) is always parsed.
 */
export function splitUrl(url: string): { readonly origin: string; readonly path: string } {
  if (url === lastUrl) return lastSplit;
  const split = splitAfresh(url);
  [lastUrl, lastSplit] = [url, split];
  return split;
}

function splitAfresh(url: string): { origin: string; path: string } {
  let origin: string | undefined;
  let rest: string;
  if (lastPrefix !== '' && url.startsWith(lastPrefix) && url.charCodeAt(lastPrefix.length) === 47 /* / */) {
    origin = lastOrigin;
    rest = url.slice(lastPrefix.length);
  } else {
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const prefix = slash === -1 ? url : url.slice(0, slash);
    rest = slash === -1 ? '/' : url.slice(slash);
    // "scheme://authority" and nothing else ("http:host//x" has its path in what looks like a prefix).
    const plainPrefix = !/[?#\\]/.test(prefix) && prefix.indexOf('//') === prefix.indexOf(':') + 1;
    origin = plainPrefix ? origins.get(prefix) : undefined;
    if (origin === undefined && origins.size < 16 && plainPrefix) origin = rememberOrigin(prefix);
    if (origin !== undefined && slash !== -1 && plainPrefix) [lastPrefix, lastOrigin] = [prefix, origin];
  }
  // A dot segment needs "/." somewhere: without one, the regular expression for it need not run.
  if (origin === undefined || !PLAIN_PATH.test(rest) || (rest.includes('/.') && DOT_SEGMENT.test(rest))) {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
  }
  return { origin, path: rest };
}

/** The origin of a prefix that the URL parser takes on its own ("http:/host" it takes only whole). */
function rememberOrigin(prefix: string): string | undefined {
  const origin = URL.canParse(prefix) ? new URL(prefix).origin : undefined;
  if (origin !== undefined) origins.set(prefix, origin);
  return origin;
}

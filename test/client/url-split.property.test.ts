import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUrl } from '../../src/client/url-split.js';

// splitUrl remembers origins (and the last base URL) so that a batch does not parse one URL per
// call. Whatever it remembered, and in whatever order URLs come, its answer is the URL
// parser's: the same origin, and the path and query the parser would send. (One exception, kept on
// purpose: "%2e" is sent as written, where the parser would read a dot segment; a path parameter
// holding one is refused before it gets here, test/client/path-traversal.test.ts.)

const prefixes = [
  'http://127.0.0.1:8080',
  'http://127.0.0.1:80',
  'https://API.Example.com',
  'https://api.example.com:443',
  'http://user:secret@127.0.0.1:9',
  'http://[::1]:3000',
  'http://example.com.',
  'http://127.0.0.1:8080/',
  'http:/127.0.0.1',
  'http:127.0.0.1',
  'HTTP://127.0.0.1:8080',
  'http://127.0.0.1:8080\\',
  ' http://127.0.0.1:8080',
  'http://127.0.0.1:80800',
  'http://127.0.0.1:808',
];
const rest = fc.string({ unit: fc.constantFrom('/', '/', 'v1', 'x', '.', '..', '?', '#', '%', '2', ' ', '\\', '\t', 'é', '=', '&', '@', ':'), maxLength: 10 });
const url = fc.tuple(fc.constantFrom(...prefixes), rest).map(([prefix, path]) => prefix + path);

/** The parser's origin, and its path and query: an empty query ("/v1?") may be kept or dropped. */
function parsed(text: string): { origin: string; paths: string[] } | undefined {
  try {
    const u = new URL(text);
    const beforeHash = u.href.split('#')[0]!;
    return { origin: u.origin, paths: [u.pathname + u.search, u.pathname + (beforeHash.includes('?') ? beforeHash.slice(beforeHash.indexOf('?')) : '')] };
  } catch {
    return undefined;
  }
}

describe('splitUrl', () => {
  // First: the origins it remembers are capped (16), and the property below fills them.
  it('keeps a plain path as written, and names the origin once per base URL', () => {
    expect(splitUrl('http://127.0.0.1:8080/v1/email/templates/tpl_1/preview')).toEqual({
      origin: 'http://127.0.0.1:8080',
      path: '/v1/email/templates/tpl_1/preview',
    });
    expect(splitUrl('http://127.0.0.1:8080/v1/a/../b')).toEqual({ origin: 'http://127.0.0.1:8080', path: '/v1/b' });
    // Each after another base URL, so that no remembered prefix can answer for it.
    for (const [url, expected] of [
      ['http:127.0.0.1//x', { origin: 'http://127.0.0.1', path: '//x' }],
      ['http:/127.0.0.1/v1', { origin: 'http://127.0.0.1', path: '/v1' }],
    ] as const) {
      splitUrl('http://10.0.0.1/reset');
      expect(splitUrl(url), url).toEqual(expected);
    }
    expect(() => splitUrl('http://127.0.0.1:80800/v1')).toThrow(TypeError);
    expect(splitUrl('http://127.0.0.1:8080/v1?q=1#frag')).toEqual({ origin: 'http://127.0.0.1:8080', path: '/v1?q=1' });
  });

  it("gives the URL parser's origin and path, whatever came before", () => {
    fc.assert(
      // Each URL may come twice in a row, as a batch of creates sends one URL for every line.
      fc.property(
        fc
          .array(url, { minLength: 1, maxLength: 12 })
          .chain((urls) => fc.tuple(fc.constant(urls), fc.array(fc.boolean(), { minLength: urls.length, maxLength: urls.length })))
          .map(([urls, twice]) => urls.flatMap((u, i) => (twice[i] ? [u, u] : [u]))),
        (urls) => {
          for (const text of urls) {
            const expected = parsed(text);
            if (!expected) continue;
            const { origin, path } = splitUrl(text);
            expect(origin, text).toBe(expected.origin);
            expect(expected.paths, text).toContain(path);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

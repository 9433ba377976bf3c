import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePathParam, fillPath } from '../../src/client/path.js';
import { InputError } from '../../src/errors.js';

// Any string but '', '.' and '..' stands as exactly one URL segment and decodes back to itself.

const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: fc.constantFrom('/', '?', '#', '%', '.', ' ', '\\', '%2e', '%2F', 'é', '😀', '\u0000', '\n'), maxLength: 8 }),
);
const refused = new Set(['', '.', '..']);

/** A value with a `.` or `..` segment once a proxy decodes it (any number of times) or normalises it (NFKC): refused too (test/client/path-traversal.test.ts). */
function climbs(value: string): boolean {
  const dotted = (text: string) => /[\\/]/.test(text) && text.split(/[\\/]/).some((segment) => segment === '.' || segment === '..');
  for (let text = value; ;) {
    if (dotted(text) || dotted(text.normalize('NFKC'))) return true;
    try {
      const decoded = decodeURIComponent(text);
      if (decoded === text) return false;
      text = decoded;
    } catch {
      return false;
    }
  }
}
const sendable = (value: string): boolean => !refused.has(value) && !climbs(value);

describe('encodePathParam', () => {
  it('round-trips every other string as exactly one segment', () => {
    fc.assert(
      fc.property(anyString.filter(sendable), (value) => {
        const encoded = encodePathParam('id', value);
        expect(decodeURIComponent(encoded)).toBe(value);
        expect(encoded).not.toMatch(/[/?#\\]/);
        // As a WHATWG URL parser (undici's) reads it: still one segment, unchanged.
        const url = new URL(`https://api.example.com/v1/items/${encoded}/tail`);
        expect(url.pathname.split('/')).toEqual(['', 'v1', 'items', encoded, 'tail']);
        expect(url.search + url.hash).toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses '', '.' and '..', and a lone surrogate, with an InputError (never a URIError)", () => {
    for (const value of refused) expect(() => encodePathParam('id', value)).toThrow(InputError);
    fc.assert(
      fc.property(anyString.filter(climbs), (value) => {
        expect(() => encodePathParam('id', value)).toThrow(InputError);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'), fc.string({ maxLength: 5 }), (before, lone, after) => {
        expect(() => encodePathParam('id', `${before}${lone}${after}`)).toThrow(InputError);
      }),
    );
  });

  it('fills every placeholder of a template with one segment each', () => {
    fc.assert(
      fc.property(anyString.filter(sendable), anyString.filter(sendable), (a, b) => {
        const path = fillPath('/x/{a}/y/{b}', { a, b });
        const segments = path.split('/');
        expect(segments).toHaveLength(5);
        expect([decodeURIComponent(segments[2]!), decodeURIComponent(segments[4]!)]).toEqual([a, b]);
      }),
    );
  });
});

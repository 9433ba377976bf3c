import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchNoProxy } from '../../src/config/no-proxy.js';

// The classes of NO_PROXY, each against a model written from curl's rules in arithmetic and string
// terms: an address matches only an address (exactly or within a range), a name only at a label
// boundary, an entry with a port never, `*` only alone.

const bypassed = (host: string, noProxy: string) => matchNoProxy(new URL(`http://${host}/v1`), noProxy) !== undefined;

const quad = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = (q: readonly number[]) => q.join('.');
const asNumber = (q: readonly number[]) => q.reduce((n, byte) => n * 256 + byte, 0);
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/);
const hostName = fc
  .array(label, { minLength: 1, maxLength: 5 })
  // A last label that is a number (decimal, or hex as 0x…) makes the whole name an IPv4 address to the
  // URL parser (`0x1` is 0.0.0.1), so it is no name.
  .filter((labels) => !/^(\d+|0x[0-9a-f]*)$/.test(labels.at(-1)!))
  .map((labels) => labels.join('.'));

describe('IPv4 addresses', () => {
  it('an entry that is not a whole address (a suffix, a label, a pattern, a name) never matches an address', () => {
    const notAddress = fc.oneof(
      quad.chain((q) =>
        fc.constantFrom(String(q[3]), `.${q[3]}`, `*.${q[3]}`, `${q[2]}.${q[3]}`, `.${q[2]}.${q[3]}`, `${q[1]}.${q[2]}.${q[3]}`, `*.${q[1]}.${q[2]}.${q[3]}`),
      ),
      fc.string({ maxLength: 12 }).filter((s) => !/^\d+\.\d+\.\d+\.\d+(\/.*)?$/.test(s) && s !== '*'),
    );
    fc.assert(
      fc.property(quad, notAddress, (q, entry) => {
        expect(bypassed(dotted(q), entry)).toBe(false);
      }),
    );
  });

  it('a range address/bits matches exactly the addresses whose first bits are the same', () => {
    fc.assert(
      fc.property(quad, quad, fc.integer({ min: 1, max: 32 }), (host, network, bits) => {
        const shift = 2 ** (32 - bits);
        const same = Math.floor(asNumber(host) / shift) === Math.floor(asNumber(network) / shift);
        expect(bypassed(dotted(host), `${dotted(network)}/${bits}`)).toBe(same);
      }),
    );
  });

  it('an address alone matches only itself, whatever else the list holds', () => {
    fc.assert(
      fc.property(quad, quad, fc.array(hostName, { maxLength: 3 }), (host, entry, names) => {
        expect(bypassed(dotted(host), [...names, dotted(entry)].join(', '))).toBe(dotted(host) === dotted(entry));
      }),
    );
  });
});

describe('IPv6 addresses', () => {
  const address = fc.uint8Array({ minLength: 16, maxLength: 16 });
  const full = (bytes: Uint8Array) => Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
  const bitAt = (bytes: Uint8Array, i: number) => (bytes[i >> 3]! >> (7 - (i & 7))) & 1;

  it('a range matches exactly the addresses whose first bits are the same, in any spelling of the entry', () => {
    fc.assert(
      fc.property(address, address, fc.integer({ min: 1, max: 128 }), fc.boolean(), (host, network, bits, canonical) => {
        const same = Array.from({ length: bits }, (_, i) => bitAt(host, i) === bitAt(network, i)).every(Boolean);
        const entry = canonical ? new URL(`http://[${full(network)}]`).hostname.slice(1, -1) : full(network);
        expect(bypassed(`[${full(host)}]`, `${entry}/${bits}`)).toBe(same);
      }),
    );
  });

  it('an entry in brackets or with a port never matches', () => {
    fc.assert(
      fc.property(address, fc.nat(65535), (host, port) => {
        const text = full(host);
        expect(bypassed(`[${text}]`, `[${text}]`)).toBe(false);
        expect(bypassed(`[${text}]:${port}`, `[${text}]:${port}`)).toBe(false);
        expect(bypassed(`[${text}]`, text)).toBe(true);
      }),
    );
  });
});

describe('host names', () => {
  it('an entry matches the name itself or at a label boundary, never inside a label', () => {
    fc.assert(
      fc.property(hostName, fc.nat(40), fc.constantFrom('', '.'), fc.constantFrom('', '.'), (name, cut, lead, trail) => {
        const tail = name.slice(Math.min(cut, name.length - 1));
        // One leading and one trailing dot of the entry are dropped, no more.
        const token = `${lead}${tail}`.replace(/^\./, '');
        const expected = token === name || name.endsWith(`.${token}`);
        expect(bypassed(name, `${lead}${tail}${trail}`)).toBe(expected);
      }),
    );
  });

  it('an entry with a port, or a *. pattern, matches nothing', () => {
    fc.assert(
      fc.property(hostName, fc.nat(65535), (name, port) => {
        expect(bypassed(`${name}:${port}`, `${name}:${port}`)).toBe(false);
        expect(bypassed(`x.${name}`, `*.${name}`)).toBe(false);
      }),
    );
  });

  it('`*` matches every host only as the whole value', () => {
    fc.assert(
      fc.property(fc.oneof(hostName, quad.map(dotted)), fc.array(hostName, { minLength: 1, maxLength: 3 }), (host, others) => {
        expect(bypassed(host, '*')).toBe(true);
        expect(bypassed(host, [...others, '*'].join(','))).toBe(others.some((other) => host === other || host.endsWith(`.${other}`)));
      }),
    );
  });
});

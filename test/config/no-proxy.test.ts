import { describe, expect, it } from 'vitest';
import { ipv6Bytes, matchNoProxy } from '../../src/config/no-proxy.js';

// NO_PROXY as curl reads it. The first table is curl's own (its unit test of lib/noproxy.c), each
// host put in a URL as svc receives it; the second holds the forms users write and the cases where
// a looser reading would send a host past the proxy that curl sends through it.
const url = (host: string) => new URL(`https://${host}/v1`);
const bypasses = (host: string, noProxy: string) => matchNoProxy(url(host), noProxy) !== undefined;

describe("curl's own table", () => {
  const long128 = '127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.1.127.0.0.';
  it.each([
    ['www.example.com', 'localhost,.example.com,.example.de', true],
    ['www.example.com.', 'localhost,.example.com,.example.de', true],
    ['example.com', 'localhost,.example.com,.example.de', true],
    ['example.com.', 'localhost,.example.com,.example.de', true],
    ['www.example.com', 'localhost,.example.com.,.example.de', true],
    ['www.example.com', 'localhost,www.example.com.,.example.de', true],
    ['example.com', 'localhost,example.com,.example.de', true],
    ['example.com.', 'localhost,example.com,.example.de', true],
    ['www.example.com', 'localhost,example.com,.example.de', true],
    ['127.0.0.1', '127.0.0.1,localhost', true],
    ['127.0.0.1', '127.0.0.1,localhost,', true],
    ['127.0.0.1', '127.0.0.1/8,localhost,', true],
    ['127.0.0.1', '127.0.0.1/28,localhost,', true],
    ['127.0.0.1', '127.0.0.1/31,localhost,', true],
    ['127.0.0.1', 'localhost,127.0.0.1', true],
    ['127.0.0.1', `localhost,${long128}`, false],
    ['127.0.0.1', `localhost,${long128.slice(0, -1)}`, false],
    ['localhost', 'localhost,127.0.0.1', true],
    ['localhost', '127.0.0.1,localhost', true],
    ['foobar', 'barfoo', false],
    ['foobar', 'foobar', true],
    ['192.168.0.1', 'foobar', false],
    ['192.168.0.1', '192.168.0.0/16', true],
    ['192.168.0.1', '192.168.0.0/24', true],
    ['192.168.0.1', '192.168.0.0/32', false],
    ['192.168.0.1', '192.168.0.0', false],
    ['192.168.1.1', '192.168.0.0/24', false],
    ['192.168.1.1', 'foo, bar, 192.168.0.0/24', false],
    ['192.168.1.1', 'foo, bar, 192.168.0.0/16', true],
    ['[::1]', 'foo, bar, 192.168.0.0/16', false],
    ['[::1]', 'foo, bar, ::1/64', true],
    ['bar', 'foo, bar, ::1/64', true],
    ['BAr', 'foo, bar, ::1/64', true],
    ['BAr', 'foo,,,,,              bar, ::1/64', true],
    ['www.example.com', 'foo, .example.com', true],
    ['www.example.com', 'www2.example.com, .example.net', false],
    ['example.com', '.example.com, .example.net', true],
    ['nonexample.com', '.example.com, .example.net', false],
  ])('%s with NO_PROXY=%j: bypassed %s', (host, noProxy, expected) => {
    expect(bypasses(host, noProxy)).toBe(expected);
  });
});

describe('the forms users write', () => {
  it.each([
    // An IP address matches only as an address: these four went past the proxy before.
    ['127.0.0.1', '1', undefined],
    ['127.0.0.1', '.1', undefined],
    ['127.0.0.1', '0.0.1', undefined],
    ['127.0.0.1', '*.1', undefined],
    ['127.0.0.1', '0.1', undefined],
    ['127.0.0.1', '127.0.0.01', undefined],
    ['127.0.0.1', '127.0.0.1.', undefined],
    ['127.0.0.1', 'localhost', undefined],
    ['10.1.2.30', '10.1.2.3', undefined],
    ['10.1.2.3', '10.1.2.3', '10.1.2.3'],
    ['10.1.2.3', '10.0.0.0/8', '10.0.0.0/8'],
    ['11.1.2.3', '10.0.0.0/8', undefined],
    ['10.1.2.3', '10.0.0.0/7', '10.0.0.0/7'],
    ['12.1.2.3', '10.0.0.0/7', undefined],
    ['127.0.0.1', '0.0.0.0/0', undefined], // curl: /0 is the address alone
    ['0.0.0.0', '0.0.0.0/0', '0.0.0.0/0'],
    ['127.0.0.1', '127.0.0.1/33', undefined],
    ['127.0.0.1', '127.0.0.0/-8', undefined],
    ['127.0.0.1', '127.0.0.0/8x', '127.0.0.0/8x'], // curl reads the bits as C's atoi does
    // The URL's spelling of an address does not matter: it is read as the address.
    ['127.1', '127.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.0/8', '127.0.0.0/8'],
    // IPv6: written without brackets, compared as addresses, ranges as CIDR.
    ['[::1]', '::1', '::1'],
    ['[::1]', '0:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:1'],
    ['[::1]', '::1/128', '::1/128'],
    ['[::1]', '[::1]', undefined],
    ['[::1]', '1', undefined],
    ['[::1]', ':1', undefined],
    ['[fd12:3456::1]', 'fd00::/8', 'fd00::/8'],
    ['[fe12:3456::1]', 'fd00::/8', undefined],
    ['[fd12:3456::1]', 'fc00::/7', 'fc00::/7'],
    ['[fe12:3456::1]', 'fc00::/7', undefined],
    ['[::ffff:7f00:1]', '::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ['[::ffff:7f00:1]', '127.0.0.1', undefined],
    // Host names: at a label boundary, one leading and one trailing dot ignored, ASCII case ignored.
    ['api.example.com', 'example.com', 'example.com'],
    ['api.example.com', '.example.com', '.example.com'],
    ['api.example.com', 'ample.com', undefined],
    ['api.example.com', 'e.com', undefined],
    ['notexample.com', 'example.com', undefined],
    ['API.Example.COM.', 'api.example.com', 'api.example.com'],
    ['api.example.com', 'API.EXAMPLE.COM', 'API.EXAMPLE.COM'],
    ['api.example.com', 'api.exampl\u212a.com', undefined], // a Kelvin sign is not a k
    ['api.example.com', '*.example.com', undefined], // not a pattern in curl
    ['api.example.com', '..example.com', undefined],
    ['api.example.com', 'com', 'com'],
    // Ports are not compared: an entry with one matches nothing.
    ['api.example.com', 'api.example.com:443', undefined],
    ['api.example.com:8443', 'api.example.com:8443', undefined],
    ['127.0.0.1:8443', '127.0.0.1:8443', undefined],
    ['[::1]:8443', '[::1]:8443', undefined],
    // `*` only as the whole value.
    ['api.example.com', '*', '*'],
    ['127.0.0.1', '*', '*'],
    ['[::1]', '*', '*'],
    ['api.example.com', 'other.org, *', undefined],
    ['api.example.com', ' *', undefined],
    // Separators: commas, blanks around them; a blank instead of a comma ends the list, as in curl.
    ['api.example.com', 'other.org,example.com', 'example.com'],
    ['api.example.com', ' \tother.org ,\t example.com ,', 'example.com'],
    ['api.example.com', 'other.org example.com', undefined],
    ['api.example.com', 'example.com other.org', 'example.com'],
    ['api.example.com', '', undefined],
    ['api.example.com', ',,,', undefined],
  ])('%s with NO_PROXY=%j: entry %s', (host, noProxy, entry) => {
    expect(matchNoProxy(url(host), noProxy)).toBe(entry);
  });
});

describe('IPv6 addresses as inet_pton reads them', () => {
  it.each(['::', '::1', '1::', '1:2:3:4:5:6:7:8', '1::8', 'fe80::ab47:4396:55c9:8474', '::ffff:1.2.3.4', '1:2:3:4:5:6:1.2.3.4'])('%s is an address', (text) => {
    expect(ipv6Bytes(text)).toBeInstanceOf(Uint8Array);
  });
  it.each([
    ':',
    ':::',
    '1:::2',
    '1::2::3',
    ':1::2',
    '1::2:',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '12345::',
    '1.2.3.4::',
    '::1.2.3',
    'g::',
    '[::1]',
    '::1%eth0',
    '',
  ])('%j is not', (text) => {
    expect(ipv6Bytes(text)).toBeUndefined();
  });
});

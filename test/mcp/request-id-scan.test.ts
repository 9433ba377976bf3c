import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { RequestIdScan } from '../../src/mcp/request-id-scan.js';

// The id of a line too large to read, found by a scan of its bytes: the id JSON.parse would read,
// wherever the line is cut into pieces, or null when it cannot be answered to.

/** The scan's id for `line`, fed in pieces cut at `cuts` (byte offsets). */
function scan(line: string | Buffer, cuts: number[] = []): string | number | null {
  const bytes = typeof line === 'string' ? Buffer.from(line) : line;
  const scanner = new RequestIdScan();
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    scanner.feed(bytes.subarray(from, cut));
    from = cut;
  }
  return scanner.end();
}

/** What the id is as JSON.parse reads the line: answered only for a request (a `method` string) whose id is a string or a finite number. */
function parsedId(line: string): string | number | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { id, method } = value as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return null;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

const everyCut = (line: string) => Array.from({ length: Buffer.byteLength(line) + 1 }, (_, at) => scan(line, [at]));

describe('RequestIdScan', () => {
  it.each([
    ['a number', '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}', 7],
    ['a string', '{"jsonrpc":"2.0","id":"call-7","method":"tools/call"}', 'call-7'],
    ['a negative fraction', '{"method":"m","id":-1.5e2}', -150],
    ['after the method, with whitespace everywhere', ' \t{ "method" : "m" ,\r\n "id" : 12 } \r', 12],
    ['the name spelled with escapes', '{"method":"m","\\u0069d":3}', 3],
    ['the name spelled with other escapes', '{"\\u006d\\u0065thod":"m","i\\u0064":4}', 4],
    ['a string id with escapes and non-ASCII text', '{"method":"m","id":"a\\"b\\\\c\\u00e9 ü \\ud83d\\ude00"}', 'a"b\\cé ü 😀'],
  ])('reads the id: %s', (_, line, id) => {
    expect(scan(line)).toBe(id);
    expect(scan(line)).toBe(parsedId(line));
    // The same wherever the line is cut: in a name, an escape, a number, a UTF-8 character.
    expect(new Set(everyCut(line))).toEqual(new Set([id]));
  });

  it('reads the id after a member of megabytes nesting strings, escapes and brackets, and counts no id inside it', () => {
    const noise = `{"id":1,"x":"} ] \\" , : { [ \\\\","list":[[{"id":2}],"\\"id\\":3",{"a":[1,2,{"b":null}]}]}`;
    const big = Array.from({ length: 2000 }, () => noise).join(',');
    const line = `{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"items":[${big}],"text":"${'\\"{'.repeat(100_000)}"}},"id":42}`;
    expect(parsedId(line)).toBe(42);
    expect(scan(line)).toBe(42);
    expect(scan(line, [1, 100, 4097, 65_536, line.length - 3])).toBe(42);
  });

  it('an id inside a nested object or list, or a value spelled "id", is not the request\'s', () => {
    expect(scan('{"method":"m","params":{"id":5}}')).toBeNull();
    expect(scan('{"method":"m","params":[{"id":5}],"x":"id"}')).toBeNull();
    expect(scan('{"method":"id","x":"id","y":["id",1]}')).toBeNull();
    expect(scan('{"method":"m","params":{"id":5},"id":6}')).toBe(6);
  });

  it('of duplicate ids the last counts, as JSON.parse reads them, an unusable last one included', () => {
    expect(scan('{"id":1,"method":"m","id":2}')).toBe(2);
    expect(scan('{"id":1,"method":"m","\\u0069d":"two"}')).toBe('two');
    expect(scan('{"id":1,"method":"m","id":null}')).toBeNull();
    expect(scan('{"id":1,"method":"m","id":{"a":1}}')).toBeNull();
  });

  it('no id to answer to: absent, null, a type JSON-RPC does not allow, not finite, or longer than the scan keeps', () => {
    for (const id of ['null', 'true', 'false', '{}', '[1]', '1e400', `"${'x'.repeat(1025)}"`]) expect(scan(`{"method":"m","id":${id}}`), id).toBeNull();
    expect(scan('{"method":"notifications/initialized"}')).toBeNull();
    expect(scan(`{"method":"m","id":"${'x'.repeat(1024)}"}`)).toBe('x'.repeat(1024));
  });

  it("not a request: a response (its id is the other side's), or a method that is not a string", () => {
    expect(scan('{"jsonrpc":"2.0","id":3,"result":{"content":[]}}')).toBeNull();
    expect(scan('{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"x"}}')).toBeNull();
    expect(scan('{"id":3,"method":5}')).toBeNull();
    expect(scan('{"id":3,"method":"m","method":null}')).toBeNull();
  });

  it('not a JSON object: a list, a string, a number, nothing, or bytes JSON does not allow between tokens', () => {
    for (const line of [
      '[{"id":1,"method":"m"}]',
      '"id"',
      '5',
      'null',
      '',
      '  ',
      '{"id":1,"method":"m"}x',
      '{"id":1,"method":"m"}}',
      '{"id":1,"method":"m",§}',
    ])
      expect(scan(line), line).toBeNull();
    expect(scan(Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x31, 0x2c, 0xff, 0x7d]))).toBeNull();
  });

  it('cut short: an object, a string, an escape or a number left open', () => {
    for (const line of [
      '{"id":1,"method":"m"',
      '{"id":1,"method":"m","params":{"a":"b',
      '{"method":"m","id":1',
      '{"method":"m","id":"a\\',
      '{"method":"m","params":[[[]]',
    ])
      expect(scan(line), line).toBeNull();
  });

  it('reads a name as JSON.parse does, an escape in either case included, and takes no other name for id or method', () => {
    const names: [string, 'id' | 'method' | undefined][] = [
      ['\\u0069\\u0064', 'id'],
      ['i\\u0064', 'id'],
      ['\\u006D\\u0065\\u0074\\u0068\\u006F\\u0064', 'method'],
      ['\\u0069D', undefined],
      ['\\u0049d', undefined],
      ['ids', undefined],
      ['i', undefined],
      ['\\nid', undefined],
      ['method\\u0000', undefined],
    ];
    for (const [name, member] of names) {
      const asId = `{"method":"m","${name}":7}`;
      const asMethod = `{"id":1,"${name}":"m"}`;
      expect([scan(asId), scan(asMethod)], name).toEqual([member === 'id' ? 7 : null, member === 'method' ? 1 : null]);
      expect([scan(asId), scan(asMethod)], name).toEqual([parsedId(asId), parsedId(asMethod)]);
    }
  });

  it('costs no JSON.parse per member: a line of a hundred thousand members, their names escaped or not, reads its id with one', () => {
    const line = `{"method":"m",${'"a":1,"\\u0061":"",'.repeat(50_000)}"id":3}`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(scan(line)).toBe(3);
      expect(parse.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('agrees with JSON.parse on any object, its members in any order, duplicated, their names escaped or not, cut anywhere', () => {
    const name = fc.oneof(fc.constant('id'), fc.constant('method'), fc.constant('params'), fc.string({ unit: 'binary' }));
    const value = fc.oneof(fc.integer(), fc.double(), fc.string({ unit: 'binary' }), fc.jsonValue(), fc.constant('tools/call'));
    const escaped = (text: string) =>
      `"${text
        .split('')
        .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join('')}"`;
    const space = fc.constantFrom('', ' ', '\t', '\r\n ');
    const member = fc
      .tuple(name, value, fc.boolean(), space)
      .map(([key, v, escape, gap]) => `${gap}${escape ? escaped(key) : JSON.stringify(key)}${gap}:${gap}${JSON.stringify(v) ?? 'null'}`);
    fc.assert(
      fc.property(fc.array(member, { maxLength: 8 }), fc.array(fc.nat()), (members, cuts) => {
        const line = `{${members.join(',')}}`;
        const length = Buffer.byteLength(line);
        expect(
          scan(
            line,
            cuts.map((cut) => cut % (length + 1)),
          ),
        ).toEqual(parsedId(line));
      }),
      { numRuns: 300 },
    );
  });
});

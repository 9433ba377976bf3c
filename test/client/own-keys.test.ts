import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../registry/define.js';
import { readResponse, validateBody } from '../../src/client/exchange.js';
import { withoutPrototypes } from '../../src/client/own-keys.js';
import { readValidBody } from '../../src/mock/request-body.js';

// Fields named like what every object inherits (constructor, toString, valueOf): zod reads a
// missing one as the inherited function. svc's checks (the client's body and answer, the mock's
// body) read own fields only, as JSON Schema does.

const Named = z.strictObject({
  constructor: z.optional(z.string()),
  toString: z.unknown(),
  valueOf: z.optional(z.int()),
});
const op = {
  method: 'PUT',
  path: '/named',
  summary: 's',
  args: [],
  body: Named,
  response: Named,
  safety: 'idempotent',
  examples: ['svc x'],
} as unknown as OperationSpec;

const mockReads = (text: string) => readValidBody(new Request('http://127.0.0.1/v1/named', { method: 'PUT', body: text }), Named);
const answer = (body: unknown) => readResponse(op, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a field named like an inherited member', () => {
  it.each([
    [{ toString: 1 }, true],
    [{ toString: null, constructor: 'c', valueOf: 2 }, true],
    [{}, false], // toString is required: the inherited function does not count
    [{ constructor: 'c' }, false],
    [{ toString: 1, constructor: 5 }, false],
    [{ toString: 1, valueOf: 'v' }, false],
    [{ toString: 1, other: 1 }, false],
  ])('%j: valid %s to the client, the mock and the answer check alike', async (value, valid) => {
    expect(validateBody(op, value).ok).toBe(valid);
    expect((await mockReads(JSON.stringify(value))).ok).toBe(valid);
    const read = answer(value);
    expect(read.ok && read.mismatch === undefined).toBe(valid);
  });

  it('checks a copy: what is sent and what a call returns is the value given, prototypes included', () => {
    const body = { toString: 1, constructor: 'c' };
    expect(validateBody(op, body)).toEqual({ ok: true, body });
    expect((validateBody(op, body) as { body: unknown }).body).toBe(body);
    const read = answer(body);
    expect(read.ok && Object.getPrototypeOf(read.data)).toBe(Object.prototype);
  });

  it('a body nested far deeper than svc sends is checked without overflowing the stack', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(validateBody(op, { toString: 1, valueOf: deep }).ok).toBe(false); // refused by its check (not an int), not a RangeError
    const copy = withoutPrototypes({ a: deep }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
  });

  it('withoutPrototypes copies JSON deeply, own keys only, __proto__ kept as a key', () => {
    const value = JSON.parse('{"a":[{"__proto__":{"x":1}}],"b":null,"c":"s"}') as Record<string, unknown>;
    const copy = withoutPrototypes(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    const inner = (copy.a as Record<string, unknown>[])[0]!;
    expect(Object.getPrototypeOf(inner)).toBeNull();
    expect(Object.keys(inner)).toEqual(['__proto__']);
    expect(Array.isArray(copy.a)).toBe(true);
  });
});

import fc from 'fast-check';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { type Operations, workspace } from '../../registry/index.js';
import { compileSchemaCheck } from '../../src/client/schema-check.js';
import { readResponse, validateBody } from '../../src/client/exchange.js';

// The compiled check may only say "valid" where zod says valid; everything else is zod's to decide.

// svc's own areas: an imported area's schemas are the description's, compiled or not.
const allOperations = Object.entries(workspace as Operations);
const operations = allOperations.filter(([, op]) => op.body !== undefined);

/** JSON values, and objects built from each operation's own field names so that many are valid. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
const fieldsOf = (schema: unknown): string[] => Object.keys((schema as { _zod: { def: { shape?: object } } })._zod.def.shape ?? {});
const nearlyValid = (names: string[]) =>
  fc.dictionary(fc.constantFrom(...names, '__proto__', 'extra'), fc.oneof(anyJson, fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 })), {
    maxKeys: names.length + 1,
  });

describe('compiled schema checks: never more lenient than zod', () => {
  it.each(operations)('%s: whatever the check accepts, zod accepts', (_id, op) => {
    const check = compileSchemaCheck(op.body!);
    if (!check) return; // zod alone decides for this schema
    const bodies = fc.oneof(anyJson, nearlyValid(fieldsOf(op.body)), fc.record({ data: fc.dictionary(fc.string({ maxLength: 6 }), anyJson) }));
    fc.assert(
      fc.property(bodies, (body) => {
        const parsed = JSON.parse(JSON.stringify(body)) as unknown; // as a line's JSON.parse makes it, `__proto__` an own key
        if (check(parsed)) expect(safeParse(op.body!, parsed).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  // A batch checks each answer with the response schema's compiled check (readResponse's `jsonOnly`).
  it.each(allOperations)('%s answers: whatever the check accepts, zod accepts', (_id, op) => {
    const check = compileSchemaCheck(op.response);
    if (!check) return;
    const answers = fc.oneof(anyJson, nearlyValid(fieldsOf(op.response)), fc.array(nearlyValid(fieldsOf(op.response)), { maxLength: 2 }));
    fc.assert(
      fc.property(answers, (answer) => {
        const parsed = JSON.parse(JSON.stringify(answer)) as unknown; // as the answer's JSON.parse makes it
        if (check(parsed)) expect(safeParse(op.response, parsed).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('jsonOnly: a valid answer reads the same as with zod, but its data is the body as sent; a mismatch is worded by zod', () => {
    const preview = allOperations.find(([id]) => id === 'email_templates_preview')![1];
    const answer = (body: string) => ({ status: 200, headers: { 'content-type': 'application/json' }, body });
    const sent = '{"variableNames":["a"],"htmlBody":"<p>x</p>","extra":{"n":9007199254740993},"subject":"Hi"}';
    const checked = readResponse(preview, answer(sent), { jsonOnly: true });
    const copied = readResponse(preview, answer(sent));
    expect(checked).toMatchObject({ ok: true, status: 200 });
    expect(JSON.stringify((checked as { json: unknown }).json)).toBe(sent);
    expect(JSON.stringify((copied as { json: unknown }).json)).toBe(sent);
    expect((checked as { data: unknown }).data).toEqual((copied as { data: unknown }).data);
    expect(Object.keys((checked as { data: object }).data)).toEqual(['variableNames', 'htmlBody', 'extra', 'subject']);
    expect(Object.keys((copied as { data: object }).data)[0]).toBe('subject'); // zod's copy: the schema's order, for library callers
    const wrong = '{"subject":1,"htmlBody":"","variableNames":[]}';
    expect(readResponse(preview, answer(wrong), { jsonOnly: true })).toEqual(readResponse(preview, answer(wrong)));
    expect(readResponse(preview, answer(wrong), { jsonOnly: true })).toMatchObject({ ok: true, mismatch: expect.stringContaining('subject') });
  });

  // Every kind the compiler knows, in one schema, against values built from its own field names.
  const everyKind = z.strictObject({
    name: z.string(),
    count: z.number(),
    done: z.boolean(),
    tags: z.array(z.string()),
    kind: z.literal('deal'),
    note: z.optional(z.nullable(z.string())),
    data: z.record(z.string(), z.number()),
    meta: z.looseObject({ id: z.string() }),
    anything: z.unknown(),
  });
  it('every kind it compiles: whatever the check accepts, zod accepts, and it accepts a valid value', () => {
    const check = compileSchemaCheck(everyKind)!;
    const valid = { name: 'a', count: 1, done: false, tags: ['x'], kind: 'deal', note: null, data: { a: 1 }, meta: { id: 'm', more: true }, anything: 0 };
    expect(check(valid)).toBe(true);
    const field = fc.oneof(anyJson, fc.constantFrom('a', 1, 1.5, true, null, ['x'], [1], 'deal', { a: 1 }, { a: 'x' }, { id: 'm' }, { id: 1 }));
    const bodies = fc.record(
      { name: field, count: field, done: field, tags: field, kind: field, note: field, data: field, meta: field, anything: field },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(bodies, fc.constantFrom(...Object.keys(valid)), (partial, key) => {
        const body = JSON.parse(JSON.stringify({ ...valid, [key]: (partial as Record<string, unknown>)[key] })) as unknown;
        expect(check(body)).toBe(safeParse(everyKind, body).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('compiles the schemas the registry uses, and accepts their valid bodies', () => {
    const compiled = operations.filter(([, op]) => compileSchemaCheck(op.body!) !== undefined).map(([id]) => id);
    expect(compiled).toContain('email_templates_preview');
    expect(compiled.length).toBeGreaterThanOrEqual(operations.length / 2);
    const preview = compileSchemaCheck(operations.find(([id]) => id === 'email_templates_preview')![1].body!)!;
    expect(preview({ data: { firstName: 'Ada', company: 'Acme' } })).toBe(true);
    expect(preview({ data: {} })).toBe(true);
  });

  it.each([
    ['an unknown field of a strict object', { data: {}, extra: 1 }],
    ['a missing field', {}],
    ['a field of the wrong type', { data: 'Ada' }],
    ['an own __proto__ key', JSON.parse('{"data":{"__proto__":{"x":1}}}')],
    ['an array for an object', [{ data: {} }]],
    ['null', null],
  ])('leaves %s to zod', (_name, body) => {
    const preview = operations.find(([id]) => id === 'email_templates_preview')![1];
    expect(compileSchemaCheck(preview.body!)!(body)).toBe(false);
    // …which words the refusal, as before.
    if (!Object.hasOwn((body as { data?: object })?.data ?? {}, '__proto__')) expect(validateBody(preview, body).ok).toBe(false);
  });

  it('does not compile what it cannot decide (a refinement, a length check, a format): zod checks those', () => {
    expect(compileSchemaCheck(z.string().check(z.minLength(2)))).toBeUndefined();
    expect(compileSchemaCheck(z.strictObject({ url: z.url() }))).toBeUndefined();
    expect(compileSchemaCheck(z.email())).toBeUndefined();
    expect(compileSchemaCheck(z.int())).toBeUndefined();
    expect(compileSchemaCheck(z.strictObject({ n: z.number().check(z.refine((n) => n > 1)) }))).toBeUndefined();
    expect(compileSchemaCheck(z.strictObject({ n: z.optional(z.nullable(z.literal('a'))) }))!({ n: null })).toBe(true);
  });

  it('is exact where JSON cannot go but a library caller can: a missing z.unknown() key, an array hole', () => {
    expect(safeParse(z.strictObject({ a: z.unknown() }), {}).success).toBe(false);
    expect(compileSchemaCheck(z.strictObject({ a: z.unknown() }))!({})).toBe(false);
    const holed = ['a', , 'b']; // a hole, as `new Array` or `delete` make
    expect(safeParse(z.array(z.string()), holed).success).toBe(false);
    expect(compileSchemaCheck(z.array(z.string()))!(holed)).toBe(false);
  });

  it('leaves a record with a symbol key to zod, which refuses it (JSON would drop it unsaid); an object ignores one, as zod does', () => {
    const tagged = { a: 1, [Symbol('tag')]: 2 };
    const record = z.record(z.string(), z.number());
    expect(safeParse(record, tagged).success).toBe(false);
    expect(compileSchemaCheck(record)!(tagged)).toBe(false);
    expect(compileSchemaCheck(record)!({ a: 1 })).toBe(true);
    const strict = z.strictObject({ a: z.number() });
    expect(safeParse(strict, tagged).success).toBe(true);
    expect(compileSchemaCheck(strict)!(tagged)).toBe(true);
  });
});

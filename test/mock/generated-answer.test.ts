import { safeParse } from 'zod/v4/core';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import '../../registry/zod-messages.js';
import { loadAllOperations } from '../../registry/all-areas.js';
import { generatedAnswer, patternExample } from '../../src/mock/generated-answer.js';

// The answer the mock makes from an operation's response schema when no behaviour is written for it.

const answer = (response: z.ZodMiniType, status?: number) => generatedAnswer('test_op', { response, ...(status === undefined ? {} : { status }) });

describe('an answer made from the response schema', () => {
  it("uses a schema's default; one that does not fit its own schema (a URL whose default is empty) is made from the schema instead", () => {
    expect(answer(z.looseObject({ state: z._default(z.string(), 'queued') })).body).toEqual({ state: 'queued' });
    const reply = answer(z.looseObject({ state: z._default(z.string(), 'queued'), log_url: z._default(z.url(), '') }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ state: 'example', log_url: 'https://example.com/a' });
  });

  it('fills every declared property with the first value its schema allows, and says it was made up', () => {
    const reply = answer(
      z.looseObject({
        id: z.string(),
        kind: z.enum(['cat', 'dog']),
        fixed: z.literal('pet'),
        age: z.optional(z.int().check(z.gte(3))),
        weight: z.number().check(z.gt(0), z.lte(10)),
        born: z.iso.date(),
        at: z.iso.datetime(),
        email: z.email(),
        site: z.url(),
        id2: z.uuid(),
        code: z.string().check(z.regex(/^[A-Z][0-9]$/)),
        name: z.string().check(z.minLength(12)),
        tags: z.array(z.string()).check(z.minLength(2)),
        nothing: z.null(),
        either: z.union([z.null(), z.boolean()]),
        maybe: z.nullable(z.string()),
        counts: z.record(z.string(), z.int()),
        anything: z.unknown(),
      }),
      201,
    );
    expect(reply.status).toBe(201);
    expect(reply.headers).toEqual({ 'x-svc-mock': 'generated' });
    expect(reply.body).toEqual({
      id: 'example',
      kind: 'cat',
      fixed: 'pet',
      age: 3,
      weight: 1,
      born: '2026-01-02',
      at: '2026-01-02T03:04:05Z',
      email: 'ada@example.com',
      site: 'https://example.com/a',
      id2: '00000000-0000-4000-8000-000000000000',
      code: 'A0',
      name: 'exampleaaaaa',
      tags: ['example', 'example'],
      nothing: null,
      either: false,
      maybe: 'example',
      counts: {},
      anything: null,
    });
  });

  it('a schema that refers to itself: the optional reference is left out, the answer still fits', () => {
    const Node: z.ZodMiniType = z.looseObject({ name: z.string(), parent: z.optional(z.lazy(() => Node)), children: z.array(z.lazy(() => Node)) });
    const reply = answer(Node);
    expect(reply.status).toBe(200);
    expect(safeParse(Node, reply.body).success).toBe(true);
  });

  it('a list answer is empty unless its schema wants items; a 204 answer has no body', () => {
    expect(answer(z.array(z.looseObject({ id: z.string() }))).body).toEqual([]);
    expect(answer(z.unknown(), 204)).toEqual({ status: 204, body: null, headers: { 'x-svc-mock': 'generated' } });
  });

  it('a schema it cannot satisfy is a 500 naming the operation and what to do, never a wrong answer', () => {
    const reply = answer(z.looseObject({ id: z.string().check(z.regex(/^(?=.*[A-Z])(?=.*[0-9]).{8,}$/)) }));
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({
      error: {
        code: 'mock_answer_unmade',
        message: expect.stringMatching(
          /^The mock could not make an answer from the response schema of test_op: .*Write a behaviour for it in src\/mock\/behaviour\/\.$/,
        ),
      },
    });
  });

  it("every operation of svc's own registry gets an answer that fits its schema", async () => {
    const operations = await loadAllOperations();
    for (const [id, op] of Object.entries(operations)) {
      const reply = generatedAnswer(id, op);
      expect([id, reply.status]).toEqual([id, op.status ?? 200]);
      if (reply.status !== 204) expect([id, safeParse(op.response as never, reply.body).success]).toEqual([id, true]);
    }
  });

  it.each([
    ['^pet_[0-9]+$', 'pet_0'],
    ['^[A-Z]{2}-\\d{3}$', 'AA-000'],
    ['^(?:cat|dog)s?$', 'cat'],
    ['^[^@\\s]+@example\\.com$', 'a@example.com'],
    ['^v\\d+(\\.\\d+){2}$', 'v0.0.0'],
    ['^a{2,}b*$', 'aa'],
    ['^(?=.*[0-9]).+$', undefined],
    ['^(a)\\1$', undefined],
  ])('a string for the pattern %s: %s', (pattern, example) => {
    expect(patternExample(pattern)).toBe(example);
  });
});

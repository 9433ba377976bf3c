import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperations } from '../../registry/define.js';
import { operationFields } from '../../registry/fields.js';
import { RESERVED_HEADER_NAMES } from '../../registry/header-params.js';

const base = { method: 'GET', summary: 's', response: z.looseObject({}), safety: 'safe', examples: ['svc x'] } as const;
const withHeaders = (headers: Record<string, z.ZodType>, more: object = {}) => ({
  repos_get: { ...base, path: '/r/{owner}', args: ['owner'], headers: z.strictObject(headers), ...more },
});

describe('header parameters in the registry', () => {
  it('are fields of their own, after the query, with their meaning and kind', () => {
    const ops = defineOperations(
      withHeaders(
        {
          'if-none-match': z.string().describe('answer 304 when the entity tag still matches').optional(),
          'x-priority': z.enum(['low', 'high']).describe('how soon'),
          'x-max-age': z.number().describe('seconds').optional(),
        },
        { query: z.strictObject({ ref: z.string().describe('the branch').optional() }) },
      ),
    );
    expect(operationFields(ops.repos_get).map((f) => [f.name, f.in, f.kind, f.required, f.choices ?? null])).toEqual([
      ['owner', 'path', 'string', true, null],
      ['ref', 'query', 'string', false, null],
      ['if-none-match', 'header', 'string', false, null],
      ['x-priority', 'header', 'string', true, ['low', 'high']],
      ['x-max-age', 'header', 'number', false, null],
    ]);
  });

  it.each([...RESERVED_HEADER_NAMES])('refuses %s, a header svc sets itself', (name) => {
    expect(() => defineOperations(withHeaders({ [name]: z.string() }))).toThrow(
      `Operation repos_get: the header parameter "${name}" names a header svc sets itself; it cannot be a parameter.`,
    );
  });

  it.each(['If-None-Match', 'x_trace', '-x', 'x-', 'x--y', 'x y', ''])('refuses the name %j, which is not lower-case words joined by "-"', (name) => {
    expect(() => defineOperations(withHeaders({ [name]: z.string() }))).toThrow(
      `Operation repos_get: the header parameter "${name}" must be named in lower case`,
    );
  });

  it('refuses a header whose name or flag another input has', () => {
    expect(() => defineOperations(withHeaders({ owner: z.string() }))).toThrow(
      'the header parameter "owner" has the name or flag (--owner) of another input, "owner"',
    );
    expect(() => defineOperations(withHeaders({ 'page-size': z.string() }, { query: z.strictObject({ pageSize: z.number().optional() }) }))).toThrow(
      'the header parameter "page-size" has the name or flag (--page-size) of another input, "pageSize"',
    );
    const post = {
      ...base,
      method: 'POST',
      safety: 'unsafe',
      path: '/r',
      args: [],
      body: z.strictObject({ dryRun: z.boolean() }),
      headers: z.strictObject({ 'dry-run': z.string() }),
    } as const;
    expect(() => defineOperations({ repos_create: post })).toThrow(
      'the header parameter "dry-run" has the name or flag (--dry-run) of another input, "dryRun"',
    );
  });

  it('refuses headers that are not an object of parameters', () => {
    expect(() => defineOperations({ repos_get: { ...base, path: '/r', args: [], headers: z.strictObject({}) } })).toThrow(
      'Operation repos_get: headers must be a zod object with at least one header parameter.',
    );
  });
});

describe('deprecated operations in the registry', () => {
  it('takes true or false, and nothing else', () => {
    for (const deprecated of [true, false]) expect(() => defineOperations({ repos_get: { ...base, path: '/r', args: [], deprecated } })).not.toThrow();
    expect(() => defineOperations({ repos_get: { ...base, path: '/r', args: [], deprecated: 'yes' } } as never)).toThrow(
      'Operation repos_get: deprecated is true or false.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AreaEntry, areas } from '../registry/areas.js';
import {
  areaOf,
  combineOperations,
  defineOperations,
  isIdempotent,
  loadAllOperations,
  operationFields,
  type OperationSpec,
  registry,
  workspace,
} from '../registry/index.js';

const base = { method: 'GET', summary: 's', response: z.looseObject({}), safety: 'safe', examples: ['svc x'] } as const;

describe('operationFields', () => {
  it('takes text as it is for a union of a string with numbers, booleans, null or fixed values; JSON for any other union', () => {
    const body = z.object({
      title: z.union([z.string(), z.int()]),
      milestone: z.nullable(z.union([z.string(), z.number(), z.null(), z.literal(0), z.enum(['none'])])),
      flag: z.optional(z.union([z.boolean(), z.string()])),
      count: z.union([z.int(), z.boolean()]),
      labels: z.union([z.string(), z.object({ name: z.string() })]),
      ids: z.union([z.string(), z.array(z.string())]),
    });
    const op = { ...base, method: 'POST', safety: 'unsafe', path: '/a', args: [], body } as const;
    expect(Object.fromEntries(operationFields(op as never).map((field) => [field.name, field.kind]))).toEqual({
      title: 'string',
      milestone: 'string',
      flag: 'string',
      count: 'json',
      labels: 'json',
      ids: 'json',
    });
  });
});

describe('defineOperations', () => {
  it('accepts the paths an API has: a root, a trailing slash, dots inside a segment, colons and escapes', () => {
    for (const path of ['/', '/a/', '/a/{id}.json', '/a/..b/{id}', '/v1/{id}:cancel', '/a/%7Bx%7D', '/a/~b/@c'])
      expect(() => defineOperations({ email_a_get: { ...base, path, args: path.includes('{id}') ? ['id'] : [] } } as never), path).not.toThrow();
  });

  it('returns its input unchanged', () => {
    const ops = { email_a_get: { ...base, path: '/a/{id}', args: ['id'] } };
    expect(defineOperations(ops)).toBe(ops);
  });

  it.each([
    [{ email_a_get: { ...base, path: '/a/{id}', args: [] } }, 'Operation email_a_get: the path parameter {id} has no argument'],
    [
      { email_a_get: { ...base, path: '/a/{id}', args: ['id'], params: z.strictObject({ other: z.string() }) } },
      'Operation email_a_get: params declares other, the path has id',
    ],
    [
      { email_a_list: { ...base, path: '/a/{id}', args: ['id'], query: z.strictObject({ id: z.string() }) } },
      'Operation email_a_list: the query parameter "id" has the name of another input',
    ],
    [{ Email_A: { ...base, path: '/a', args: [] } }, 'Operation Email_A: the id must be lower-case words'],
    [
      { email_a_create: { ...base, method: 'POST', safety: 'unsafe', path: '/a', args: [], cursor: { param: 'after', next: 'next' } } },
      'Operation email_a_create: a cursor is declared by a GET',
    ],
    [
      { email_a_list: { ...base, path: '/a', args: [], cursor: { param: '', next: 'next' } } },
      'Operation email_a_list: a cursor is declared by a GET and names its query parameter',
    ],
    [{ email_a_get: { ...base, path: '/a', args: ['nope'] } }, 'Operation email_a_get: the argument "nope" is neither'],
    [{ email_a_get: { ...base, path: 'a', args: [] } }, 'Operation email_a_get: the path "a" must start with "/".'],
    [{ email_a_get: { ...base, path: '/a/../b', args: [] } }, 'Operation email_a_get: the path "/a/../b" holds a "." or ".." segment'],
    [{ email_a_get: { ...base, path: '/a/%2E/b', args: [] } }, 'Operation email_a_get: the path "/a/%2E/b" holds a "." or ".." segment'],
    [{ email_a_get: { ...base, path: '//a', args: [] } }, 'Operation email_a_get: the path "//a" holds an empty segment'],
    [{ email_a_get: { ...base, path: '/a?b=1', args: [] } }, 'Operation email_a_get: the path "/a?b=1" holds "?", which no path of an API holds.'],
    [
      { email_a_delete: { ...base, method: 'DELETE', safety: 'idempotent', path: '/a', args: [], optionalBody: true } },
      'Operation email_a_delete: optionalBody is true, and only on an operation that declares a body.',
    ],
    [
      { email_a_put: { ...base, method: 'PUT', safety: 'idempotent', path: '/a', args: [], body: z.strictObject({}), optionalBody: false } },
      'Operation email_a_put: optionalBody is true, and only on an operation that declares a body.',
    ],
    [
      { email_a_get: { ...base, path: '/a/{x}', args: ['x'] }, email_b_get: { ...base, path: '/a/{y}', args: ['y'] } },
      'Operation email_b_get has the same method and path as email_a_get',
    ],
  ])('refuses a bad declaration with a sentence naming the operation (%#)', (ops, message) => {
    expect(() => defineOperations(ops as never)).toThrow(message);
  });

  it.each([
    [{ method: 'GET', safety: undefined }, 'Operation email_a_get: declare its safety as one of safe, idempotent, unsafe, destructive (it is missing).'],
    [{ method: 'GET', safety: 'harmless' }, 'declare its safety as one of safe, idempotent, unsafe, destructive (it is "harmless")'],
    [{ method: 'POST', safety: 'safe' }, 'safety "safe" says it may be repeated, but it is not idempotent; declare idempotent: true'],
    [{ method: 'PUT', safety: 'unsafe' }, 'safety "unsafe" says it may not be repeated, but it is idempotent; declare idempotent: false'],
    [{ method: 'DELETE', safety: 'destructive' }, 'destructive: true goes with safety "destructive", and only with it'],
    [{ method: 'DELETE', safety: 'idempotent', destructive: true }, 'destructive: true goes with safety "destructive", and only with it'],
    [{ method: 'DELETE', safety: 'destructive', destructive: true }, 'a destructive operation says whether it is idempotent'],
  ])('refuses an operation without a safety value, or one its other declarations contradict (%#)', (declared, message) => {
    expect(() => defineOperations({ email_a_get: { ...base, path: '/a', args: [], ...declared } } as never)).toThrow(message);
  });

  it('accepts each safety value with the declarations that agree with it', () => {
    for (const declared of [
      { method: 'GET', safety: 'safe' },
      { method: 'POST', safety: 'safe', idempotent: true },
      { method: 'PUT', safety: 'idempotent' },
      { method: 'POST', safety: 'unsafe' },
      { method: 'DELETE', safety: 'destructive', destructive: true, idempotent: true },
    ]) {
      expect(() => defineOperations({ email_a_get: { ...base, path: '/a', args: [], ...declared } } as never)).not.toThrow();
    }
  });

  it('refuses the same id in two areas', () => {
    const a = { email_a_get: { ...base, path: '/a', args: [] } };
    const b = { email_a_get: { ...base, path: '/b', args: [] } };
    expect(() => combineOperations(a, b)).toThrow('Operation email_a_get is declared twice.');
  });
});

describe('registry', () => {
  it('holds the six specified operations with their methods and paths (besides any imported area)', () => {
    const routes = Object.entries(workspace).map(([id, op]) => `${id} ${op.method} ${op.path}`);
    expect(routes.sort()).toEqual([
      'campaigns_person_add POST /campaigns/{sequenceId}/person',
      'crm_entries_create POST /crm/objects/{objectName}/entries',
      'crm_tasks_series_occurrences_list GET /crm/tasks/series/{seriesId}/occurrences',
      'email_drafts_get GET /email/drafts/{draftId}',
      'email_templates_preview POST /email/templates/{templateId}/preview',
      'files_delete DELETE /files',
    ]);
  });

  it('keeps extra response fields of a draft', () => {
    const draft = { ok: true, kind: 'email', draftId: 'd', syncStatus: 'synced', revision: 2, senders: ['a@b.c'] };
    expect(registry.email_drafts_get.response.parse(draft)).toEqual(draft);
  });

  it('refuses a person with neither email nor LinkedIn URL', () => {
    expect(registry.campaigns_person_add.body.safeParse({ displayName: 'Ada' }).success).toBe(false);
    expect(registry.campaigns_person_add.body.safeParse({ email: 'ada@example.com' }).success).toBe(true);
  });
});

describe('what the registry says of each operation', () => {
  it('gives every path parameter and body field its meaning (help, svc ops, completion and the export read it)', () => {
    for (const [id, op] of Object.entries(workspace as Record<string, OperationSpec>)) {
      for (const field of operationFields(op)) expect(field.description, `${id}: ${field.in} ${field.name}`).toMatch(/\w+ \w+/);
    }
  });

  it('says whether each operation may be repeated: by method, and the preview (a POST without effect) declared', () => {
    const idempotent = Object.entries(workspace as Record<string, OperationSpec>)
      .filter(([, op]) => isIdempotent(op))
      .map(([id]) => id);
    expect(idempotent.sort()).toEqual(['crm_tasks_series_occurrences_list', 'email_drafts_get', 'email_templates_preview', 'files_delete']);
  });

  it('keeps the error statuses the spec documents, and says so where it lists none', () => {
    expect(registry.email_drafts_get.errors).toEqual({
      400: 'Invalid request',
      401: 'Missing or invalid authentication',
      404: 'Operation or resource not found',
      500: 'Server error',
    });
    for (const [id, op] of Object.entries(workspace as Record<string, OperationSpec>)) expect(op.errors, id).toBeDefined();
  });
});

describe('areas, declared once in registry/areas.ts', () => {
  it('load exactly the operations of the library registry, each under the area its id starts with', async () => {
    const table: Record<string, AreaEntry> = areas;
    const loaded: Record<string, unknown> = {};
    for (const [area, entry] of Object.entries(table)) {
      for (const [id, op] of Object.entries(await entry.load())) {
        expect(areaOf(id), id).toBe(area);
        expect(op, id).toBe((registry as Record<string, OperationSpec>)[id]);
        loaded[id] = op;
      }
    }
    expect(Object.keys(loaded).sort()).toEqual(Object.keys(registry).sort());
    expect(Object.keys(await loadAllOperations()).sort()).toEqual(Object.keys(registry).sort());
  });

  it('refuses an operation whose area is not declared, or the same operation in two areas', async () => {
    const op = registry.email_drafts_get;
    const stray: Record<string, AreaEntry> = {
      ...areas,
      email: { summary: 's', load: async () => ({ email_drafts_get: op }) },
      mail: { summary: 's', load: async () => ({ email_drafts_get: op }) },
    };
    await expect(loadAllOperations(stray)).rejects.toThrow('Operation email_drafts_get is declared twice.');
  });
});

// The independent validator and the least-input generator of the import check
// (scripts/import-check/), on a small description written here, then on GitHub's whole description
// without svc: each operation's least input, sent as the description says, is valid for it alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { commandLine } from '../../scripts/import-check/command-line.mjs';
import { minimalValue } from '../../scripts/import-check/minimal-value.mjs';
import { createRequestValidator, type DescribedOperation } from '../../scripts/import-check/request-validator.mjs';

const BASE = 'http://127.0.0.1:9/v1';

const things = (openapi: string, nullableName: object) => ({
  openapi,
  info: { title: 'Things', version: '1' },
  paths: {
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        operationId: 'things/get',
        parameters: [
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 5, maximum: 10 } },
          { name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'done'] } },
          { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'If-None-Match', in: 'header', required: true, schema: { type: 'string', pattern: '^[a-z0-9]+$' } },
        ],
      },
    },
    '/things/special': { get: { operationId: 'things/special' } },
    '/things': {
      post: {
        operationId: 'things/create',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'id', 'kind'],
                properties: {
                  id: { type: 'string', readOnly: true },
                  name: { type: 'string', minLength: 3, nullable: true },
                  kind: { oneOf: [{ type: 'null' }, { type: 'string', enum: ['big', 'small'] }] },
                  note: nullableName,
                },
              },
            },
          },
        },
      },
    },
  },
});

const v30 = things('3.0.3', { nullable: true, description: 'nullable without type: no effect' });
const v31 = things('3.1.0', { type: ['string', 'null'] });
const validator = createRequestValidator(JSON.stringify(v30));
const check = (text: string) => validator.check(text, { baseUrl: BASE });

describe('the request validator', () => {
  it('accepts a request the description allows, path, query, header and body', () => {
    expect(check(`GET ${BASE}/things/7?limit=5&state=open&tag=a&tag=b\naccept: application/json\nif-none-match: abc\n`)).toEqual({
      operationId: 'things/get',
      errors: [],
    });
    expect(check(`POST ${BASE}/things\ncontent-type: application/json\n\n{ "name": "abc", "kind": "big", "note": 3 }\n`)).toEqual({
      operationId: 'things/create',
      errors: [],
    });
  });

  it('names each parameter that is missing, out of bounds, not described or malformed', () => {
    const { errors } = check(`GET ${BASE}/things/0?limit=11&state=gone&colour=red&state=open\n`);
    expect(errors).toEqual([
      'query parameter colour is not described',
      'path parameter thingId: (value) must be >= 1',
      'query parameter limit: (value) must be <= 10',
      'query parameter state: given 2 times',
      'header parameter If-None-Match is required but missing',
    ]);
    expect(check(`GET ${BASE}/things/x?limit=5\nif-none-match: a-b\n`).errors).toEqual([
      'path parameter thingId: (value) must be integer',
      'header parameter If-None-Match: (value) must match pattern "^[a-z0-9]+$"',
    ]);
  });

  it('checks the body: required properties, readOnly ones not sent, nullable as 3.0 means it, JSON only', () => {
    expect(check(`POST ${BASE}/things\ncontent-type: application/json\n\n{ "name": null, "kind": null }\n`).errors).toEqual([]);
    expect(check(`POST ${BASE}/things\ncontent-type: application/json\n\n{ "id": "t1", "name": "ab", "kind": "huge" }\n`).errors).toEqual([
      'body (value) must NOT have additional properties',
      'body /name must NOT have fewer than 3 characters',
      'body /kind must be null',
      'body /kind must be equal to one of the allowed values',
      'body /kind must match exactly one schema in oneOf',
    ]);
    expect(check(`POST ${BASE}/things\n`).errors).toEqual(['the operation requires a body (application/json); none was sent']);
    expect(check(`POST ${BASE}/things\ncontent-type: text/plain\n\n{ "name": "abc", "kind": "big" }\n`).errors).toEqual([
      'the body is sent as "text/plain", not JSON',
    ]);
    expect(check(`GET ${BASE}/things/special\ncontent-type: application/json\n\n{}\n`).errors).toEqual(['a body was sent, but the operation takes none']);
  });

  it('matches a literal segment before a parameter, and refuses what names no operation', () => {
    expect(check(`GET ${BASE}/things/special\n`)).toEqual({ operationId: 'things/special', errors: [] });
    expect(check(`DELETE ${BASE}/things/7\n`)).toEqual({ operationId: undefined, errors: ['no operation of the description is DELETE /things/7'] });
    expect(check(`GET http://127.0.0.1:9/v2/things/special\n`).errors).toEqual([`the request goes to http://127.0.0.1:9/v2/things/special, not under ${BASE}`]);
    expect(check('svc: unknown command\n').errors).toEqual(['the dry run printed no request line: "svc: unknown command"']);
  });

  it('reads a 3.1 description with JSON Schema 2020-12 (type arrays for null)', () => {
    const v = createRequestValidator(JSON.stringify(v31));
    expect(
      v.check(`POST ${BASE}/things\ncontent-type: application/json\n\n{ "name": "abc", "kind": "big", "note": null }\n`, { baseUrl: BASE }).errors,
    ).toEqual([]);
    expect(v.check(`POST ${BASE}/things\ncontent-type: application/json\n\n{ "name": "abc", "kind": "big", "note": 3 }\n`, { baseUrl: BASE }).errors).toEqual([
      'body /note must be string,null',
    ]);
  });
});

describe('the least input of an operation', () => {
  const operation = (id: string) => validator.operations.find((op) => op.id === id)!;

  it('is an svc command line: path values in order, required query and header flags, the body whole', () => {
    expect(commandLine(v30, operation('things/get'), ['things', 'get'])).toEqual(['things', 'get', '1', '--limit', '5', '--if-none-match', 'a']);
    expect(commandLine(v30, operation('things/create'), ['things', 'create'])).toEqual(['things', 'create', '--body', '{"name":"aaa","kind":"big"}']);
  });

  it('respects bounds, formats, enums, allOf and minProperties', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['when'], properties: { when: { type: 'string', format: 'date-time' } } },
        { required: ['size'], properties: { size: { type: 'number', exclusiveMinimum: 2 } } },
      ],
      minProperties: 3,
      properties: { colour: { enum: [null, 'red'] } },
    };
    expect(minimalValue({}, schema)).toEqual({ when: '2024-01-02T03:04:05Z', size: 2.5, colour: 'red' });
  });
});

/** The request text `svc --dry-run` would print for an operation's least input, built from the description alone. */
function describedRequest(document: unknown, op: DescribedOperation): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const param = (where: string, name: string) => op.params.find((p) => p.in === where && p.name === name);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(text(minimalValue(document, param('path', name)?.schema ?? true))));
  const query = new URLSearchParams();
  for (const p of op.params)
    if (p.required && p.in === 'query') for (const value of [minimalValue(document, p.schema)].flat()) query.append(p.name, text(value));
  const head = `${op.method} ${BASE}${path}${query.size > 0 ? `?${query}` : ''}\naccept: application/json\n`;
  return op.body?.required && op.body.schemaAt
    ? `${head}content-type: application/json\n\n${JSON.stringify(minimalValue(document, { $ref: `#${op.body.schemaAt}` }))}\n`
    : head;
}

describe("GitHub's description, without svc", () => {
  it('every operation has a least input that is valid for it, and matches it alone', { timeout: 120_000 }, () => {
    const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    const text = readFileSync(file, 'utf8');
    const document = JSON.parse(text) as unknown;
    const github = createRequestValidator(text);
    expect(github.operations.length).toBeGreaterThan(1000);
    const failures = github.operations
      .map((op) => ({ id: op.id, result: github.check(describedRequest(document, op), { baseUrl: BASE }) }))
      .filter(({ id, result }) => result.operationId !== id || result.errors.length > 0);
    expect(failures).toEqual([]);
  });
});

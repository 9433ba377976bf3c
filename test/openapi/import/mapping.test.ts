import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtins } from '../../../src/cli/builtins.js';
import { BUILTIN_COMMANDS, HELP_TOPICS, areaName, operationIdFor } from '../../../src/openapi/import/names.js';
import { ImportRefusal } from '../../../src/openapi/import/refusal.js';
import { safetyOf } from '../../../src/openapi/import/safety.js';
import { description, mapped, operation, reportLines } from './descriptions.js';
import { repoRoot as REPO } from './throwaway-registry.js';

const refusalOf = (run: () => unknown): ImportRefusal => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportRefusal);
    return error as ImportRefusal;
  }
  throw new Error('expected a refusal');
};

describe('names', () => {
  it('makes areas from tags and ids from operationIds, as command words', () => {
    expect(areaName('Code Scanning')).toBe('code-scanning');
    expect(areaName('2FA')).toBe('x-2fa');
    expect(areaName('!!!')).toBe('untagged');
    expect(operationIdFor('repos', 'repos', 'repos/get-content', 'get', '/x')).toBe('repos_get-content');
    expect(operationIdFor('users', 'Users', 'getUserById', 'get', '/x')).toBe('users_get-user-by-id');
    expect(operationIdFor('users', 'users', 'HTTPServerList', 'get', '/x')).toBe('users_http-server-list');
    expect(operationIdFor('email', 'email', 'email_drafts_get', 'get', '/x')).toBe('email_drafts_get');
    expect(operationIdFor('pets', 'pets', undefined, 'get', '/pets/{petId}/toys')).toBe('pets_get-pets-pet-id-toys');
    expect(operationIdFor('pets', 'pets', '__proto__', 'get', '/x')).toBe('pets_proto');
    // Renamed (--rename credentials=vault): the id takes the new name; the description's prefixes are still read.
    expect(operationIdFor('vault', 'credentials', 'credentials/revoke', 'post', '/x', 'credentials')).toBe('vault_revoke');
    expect(operationIdFor('vault', 'Credentials', 'credentials_revoke', 'post', '/x', 'credentials')).toBe('vault_revoke');
    expect(operationIdFor('vault', 'credentials', 'vault/revoke', 'post', '/x', 'credentials')).toBe('vault_vault-revoke');
  });
});

describe('an area imported under another name', () => {
  it('calls its declared examples by that name', () => {
    const doc = description({ '/a': { get: operation('credentials', 'revoke', { 'x-svc-examples': ['svc credentials revoke x', 'svc other thing'] }) } });
    const file = mapped(doc, { renames: new Map([['credentials', 'vault']]) }).files.get('vault.ts')!;
    expect(file).toContain('examples: ["svc vault revoke x", "svc other thing"]');
  });
});

describe('safety', () => {
  it('takes x-svc-safety first, then the hints, and guesses from the method last, saying so', () => {
    expect(safetyOf({ 'x-svc-safety': 'safe' }, 'POST')).toEqual({ safety: 'safe', idempotent: true });
    expect(safetyOf({ 'x-svc-safety': 'destructive' }, 'POST')).toEqual({ safety: 'destructive', idempotent: false });
    expect(safetyOf({ 'x-svc-read-only': true }, 'POST')).toEqual({ safety: 'safe', idempotent: true });
    expect(safetyOf({ 'x-svc-destructive': true, 'x-svc-idempotent': true }, 'POST')).toEqual({ safety: 'destructive', idempotent: true });
    expect(safetyOf({ 'x-svc-idempotent': true }, 'POST')).toEqual({ safety: 'idempotent', idempotent: true });
    expect(safetyOf({}, 'GET')).toEqual({ safety: 'safe', guessed: 'safety guessed from the method (GET: safe)' });
    expect(safetyOf({}, 'DELETE')).toMatchObject({ safety: 'destructive', idempotent: true });
    expect(safetyOf({}, 'PUT')).toMatchObject({ safety: 'idempotent' });
    expect(safetyOf({}, 'PATCH')).toMatchObject({ safety: 'unsafe' });
    expect(safetyOf({ 'x-svc-safety': 'harmless' }, 'GET').guessed).toMatch(
      /^x-svc-safety "harmless" is not one of safe, idempotent, unsafe, destructive; safety guessed/,
    );
  });

  it('marks a guessed safety for review in the file and in the report', () => {
    const result = mapped(description({ '/a': { post: operation('a', 'make', { 'x-svc-safety': undefined }) } }));
    expect(result.files.get('a.ts')).toContain('// review: safety guessed from the method (POST: unsafe); declare x-svc-safety in the description');
    expect(reportLines(result)).toContain('a_make: safety: safety guessed from the method (POST: unsafe); declare x-svc-safety in the description');
  });
});

describe('refusals', () => {
  const two = (first: Record<string, unknown>, second: Record<string, unknown>) =>
    description({ '/a': { get: operation('a', 'one', first) }, '/b': { get: operation('a', 'two', second) } });

  it('refuses two operations that map to one id, naming both (exit 1)', () => {
    const refusal = refusalOf(() => mapped(two({ operationId: 'getUser' }, { operationId: 'get-user' })));
    expect(refusal.message).toBe('a_get-user (GET /b) and a_get-user (GET /a) map to one id; give one of them another operationId');
    expect(refusal.exitCode).toBe(1);
  });

  it('refuses an id or a route a hand-written operation has, naming both (exit 1)', () => {
    const handWritten = new Map([['a_one', { method: 'POST', path: '/elsewhere' }]]);
    expect(refusalOf(() => mapped(two({}, {}), { handWritten: new Map([['b_x', { method: 'GET', path: '/b' }]]) })).message).toBe(
      'a_two (GET /b) has the method and path of b_x (GET /b, written by hand)',
    );
    expect(
      refusalOf(() => mapped(description({ '/a': { get: operation('b', 'x') } }), { handWritten: new Map([['b_x', { method: 'POST', path: '/z' }]]) })).message,
    ).toBe('b_x (GET /a) has the id of b_x (POST /z), written by hand in the registry');
    expect(refusalOf(() => mapped(two({}, {}), { handWritten })).exitCode).toBe(1);
  });

  it('refuses an area written by hand, and an area named like a built-in command, naming --areas', () => {
    const handWritten = new Map([['a_other', { method: 'GET', path: '/other' }]]);
    expect(refusalOf(() => mapped(two({}, {}), { handWritten })).message).toMatch(
      /^the area "a" is written by hand in the registry; name it otherwise with --rename a=<name>, leave it out with --areas/,
    );
    const builtin = description({ '/a': { get: operation('Auth', 'x') }, '/b': { get: operation('pets', 'y') } });
    const refusal = refusalOf(() => mapped(builtin));
    expect(refusal.message).toBe(
      'the area "auth" has the name of the built-in command svc auth; name it otherwise with --rename auth=<name>, or leave it out with --areas (pets)',
    );
    expect(refusal.exitCode).toBe(1);
    expect(mapped(builtin, { areas: ['pets'] }).areas).toEqual(['pets']);
    const topic = description({ '/a': { get: operation('Credentials', 'x') }, '/b': { get: operation('pets', 'y') } });
    expect(refusalOf(() => mapped(topic)).message).toBe(
      'the area "credentials" has the name of the help topic svc help credentials; name it otherwise with --rename credentials=<name>, or leave it out with --areas (pets)',
    );
    expect(refusalOf(() => mapped(topic)).exitCode).toBe(1);
    // The description's only area: leaving it out would leave nothing, so --rename is the one way out.
    expect(refusalOf(() => mapped(description({ '/a': { get: operation('mcp', 'x') } }))).message).toBe(
      'the area "mcp" has the name of the built-in command svc mcp; name it otherwise with --rename mcp=<name>',
    );
  });

  it('knows every name svc itself answers to: the built-in commands, the guides and the two lists of svc help', () => {
    expect([...BUILTIN_COMMANDS].sort()).toEqual(Object.keys(builtins).sort());
    const guides = readdirSync(join(REPO, 'docs', 'guide')).map((file) => file.replace(/\.md$/, ''));
    expect([...HELP_TOPICS].sort()).toEqual([...guides, 'reference', 'topics'].sort());
  });

  it('refuses an unknown --areas name in one line listing the areas (exit 2)', () => {
    const refusal = refusalOf(() => mapped(two({}, {}), { areas: ['nope'] }));
    expect(refusal.message).toBe('the description has no area "nope"; its areas are a');
    expect(refusal.exitCode).toBe(2);
  });

  it('refuses what svc refuses when it loads the registry: two commands with one man page name, two operations with one component name (exit 1)', () => {
    // An area `email-drafts` beside the hand-written `svc email drafts get`: both would be svc-email-drafts-get.
    const handWritten = new Map([['email_drafts_get', { method: 'GET', path: '/email/drafts/{id}' }]]);
    const refusal = refusalOf(() => mapped(description({ '/x': { get: operation('email-drafts', 'get') } }), { handWritten }));
    expect(refusal.message).toBe(
      'Operation email_drafts_get and email-drafts_get name the commands "svc email drafts get" and "svc email-drafts get", which would share the manual page svc-email-drafts-get; import the area under another name with --rename, or give the operation another operationId',
    );
    expect(refusal.exitCode).toBe(1);
    // Two commands whose groups differ: `svc a b-c` (written by hand) and the area `a-b`'s `svc a-b c`.
    const abc = new Map([['a_b-c', { method: 'GET', path: '/abc' }]]);
    expect(refusalOf(() => mapped(description({ '/y': { get: operation('a-b', 'c') } }), { handWritten: abc })).message).toMatch(
      /"svc a b-c" and "svc a-b c", which would share the manual page svc-a-b-c;/,
    );
    expect(mapped(description({ '/y': { get: operation('a-b', 'd') } }), { handWritten: abc }).areas).toEqual(['a-b']);
    // One component name: XListV2 for both.
    const components = description({ '/a': { get: operation('x', 'list-v-2') }, '/b': { get: operation('x', 'list-v2') } });
    expect(refusalOf(() => mapped(components)).message).toMatch(/would share the OpenAPI component name XListV2; import the area under another name/);
  });

  it('refuses an id that would be both a command and a group', () => {
    const doc = description({ '/a': { get: operation('a', 'a_list') }, '/b': { get: operation('a', 'a_list_all') } });
    expect(refusalOf(() => mapped(doc)).message).toBe('a_list would be both a command and the group of a_list_all; give one of them another operationId');
  });
});

describe('what cannot be mapped is reported, each with its operation', () => {
  const json = (schema: object) => ({ 'application/json': { schema } });
  const everything = description(
    {
      '/pets/{petId}': {
        servers: [{ url: 'https://other.example.com' }],
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, description: 'the pet' }],
        head: { operationId: 'peek', responses: { '200': { description: 'OK' } } },
        get: operation('pets', 'getPet', {
          'x-svc-safety': undefined,
          parameters: [
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
            { name: 'filter', in: 'query', schema: { type: 'object' } },
            { name: 'ids', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'ghost', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
            { name: 'If-None-Match', in: 'header', description: 'the entity tag seen last', schema: { type: 'string' } },
            { name: 'Authorization', in: 'header', schema: { type: 'string' } },
            { name: 'X-Filter', in: 'header', schema: { type: 'object' } },
            { name: 'Limit', in: 'header', schema: { type: 'string' } },
          ],
          security: [],
          callbacks: { onEvent: {} },
          'x-svc-display': { fields: 'not an object' },
          responses: {
            '200': {
              description: 'OK',
              headers: { Link: { schema: { type: 'string' } } },
              links: {},
              content: { ...json({ type: 'object' }), 'text/csv': { schema: {} } },
            },
            '201': { description: 'Made', content: json({ type: 'string' }) },
            '304': { description: 'Not modified' },
            '404': { description: 'Not found', content: json({ type: 'object', properties: { why: { type: 'string' } } }) },
            default: { description: 'Anything else' },
          },
        }),
        put: operation('pets', 'putPet', { 'x-svc-safety': 'idempotent', requestBody: { content: { 'application/octet-stream': { schema: {} } } } }),
        patch: operation('pets', 'patchPet', {
          'x-svc-safety': 'unsafe',
          requestBody: { content: json({ type: 'object', properties: { petId: { type: 'string' } } }) },
        }),
        delete: { operationId: 'deletePet', tags: ['pets'], responses: {} },
      },
    },
    {
      servers: [{ url: 'https://api.example.com' }],
      webhooks: { newPet: {} },
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
    },
  );
  const lines = reportLines(mapped(everything));

  it.each([
    '*: servers: not kept: svc sends to its configured base URL',
    '*: webhooks: not imported: svc makes requests, it does not receive them',
    '*: security scheme: "key" (apiKey): not kept; svc sends its credential as a bearer token',
    '*: method: HEAD /pets/{petId}: not imported (svc sends GET, POST, PUT, PATCH and DELETE)',
    'pets_get-pet: servers: not kept: svc sends to its configured base URL',
    'pets_get-pet: callbacks: not imported: svc makes requests, it does not receive them',
    'pets_get-pet: security: the operation needs no credential: svc sends its credential anyway',
    'pets_get-pet: x-svc-display: malformed (see the OpenAPI export guide for its shape): left out',
    'pets_get-pet: cookie parameter: "session": left out; send it with svc api',
    'pets_get-pet: path parameter: "ghost" is not in the path: left out',
    'pets_get-pet: header parameter: "Authorization" is a header svc sets itself: left out; send it with svc api -H',
    'pets_get-pet: header parameter: "X-Filter" is object: left out; send it with svc api -H',
    'pets_get-pet: header parameter: "Limit" has the name or flag of another input: left out; send it with svc api -H',
    'pets_get-pet: query parameter type: "filter" is object: left out; send it with svc api',
    'pets_get-pet: query parameter style: "ids" has style "pipeDelimited": sent as name=value',
    "pets_get-pet: response headers: the 200 response's headers are not kept",
    "pets_get-pet: response links: the 200 response's links are not kept",
    'pets_get-pet: content type: the 200 response also comes as "text/csv": only application/json is kept',
    "pets_get-pet: several success responses: the 201 response's schema is not kept (the first success response's is)",
    'pets_get-pet: response status: 304 is not kept (the registry lists 4xx and 5xx statuses)',
    'pets_get-pet: error body schema: not kept: every error is read in the one error shape of the registry',
    'pets_get-pet: default response: not kept beside the listed error statuses',
    'pets_get-pet: safety: safety guessed from the method (GET: safe); declare x-svc-safety in the description',
    'pets_put-pet: content type: the request body also comes as "application/octet-stream": not kept',
    'pets_put-pet: request body: has no JSON content: the command sends no body; send one with svc api',
    'pets_delete-pet: success response: none documented: the answer is not checked',
    'pets_delete-pet: summary: none: the method and path are the summary',
  ])('%s', (line) => {
    expect(lines).toContain(line);
  });

  it('keeps what it can of the same operations', () => {
    const file = mapped(everything).files.get('pets.ts')!;
    expect(file).toContain('limit: z.optional(');
    expect(file).not.toContain('filter:');
    expect(file).toContain('headers: z.strictObject({ "if-none-match": z.optional(z.string().check(z.describe("the entity tag seen last"))) })');
    expect(file).toContain("args: ['petId']".replace(/'/g, '"'));
    expect(file).toMatch(/"pets_delete-pet": \{\n    method: "DELETE",\n    path: "\/pets\/\{petId\}",\n    summary: "DELETE \/pets\/\{petId\}"/);
    expect(file).toContain('errors: { 404: "Not found" }');
    // A body the description makes optional is declared so, and not reported: svc sends it only when given.
    expect(file).toMatch(/"pets_patch-pet": \{\n(?: {4}.*\n)*? {4}body: .*\n {4}optionalBody: true,\n/);
    expect(file.match(/optionalBody: true/g)).toHaveLength(1);
    expect(lines.filter((line) => line.includes('optional request body'))).toEqual([]);
  });

  it("names a query parameter that shares a body field's name, and leaves it out", () => {
    const doc = description({
      '/a': {
        post: operation('a', 'make', {
          parameters: [{ name: 'name', in: 'query', schema: { type: 'string' } }],
          requestBody: { required: true, content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
        }),
      },
    });
    expect(reportLines(mapped(doc))).toContain('a_make: query parameter name: "name" is also the name of a path parameter or body field: left out');
  });

  it('maps a query parameter that is one string or a list of strings to a repeatable list of strings, and reports any other union', () => {
    const strings = { type: 'array', maxItems: 50, items: { type: 'string', enum: ['patch'] } };
    const doc = description({
      '/a': {
        get: operation('a', 'list', {
          parameters: [
            { name: 'fields', in: 'query', description: 'the fields to return', schema: { oneOf: [{ type: 'string' }, strings] } },
            { name: 'has', in: 'query', schema: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] } },
            { name: 'ids', in: 'query', schema: { oneOf: [{ type: 'integer' }, { type: 'array', items: { type: 'string' } }] } },
          ],
        }),
      },
    });
    const file = mapped(doc).files.get('a.ts')!;
    expect(file).toContain('fields: z.optional(z.array(z.string()).check(z.maxLength(50), z.describe("the fields to return")))');
    expect(file).toContain('has: z.optional(z.array(z.string()))');
    expect(file).not.toContain('ids:');
    expect(reportLines(mapped(doc)).filter((line) => line.includes('query parameter type'))).toEqual([
      'a_list: query parameter type: "ids" is not one type: left out; send it with svc api',
    ]);
  });
});

describe('determinism', () => {
  it('writes the same text for the same description, whatever was imported before in another order', () => {
    const doc = description({
      '/b': { get: operation('b', 'x') },
      '/a': { get: operation('a', 'y'), post: operation('a', 'z', { 'x-svc-safety': 'unsafe' }) },
    });
    const first = mapped(doc);
    const second = mapped(structuredClone(doc));
    expect([...second.files]).toEqual([...first.files]);
    expect([...first.files.keys()]).toEqual(['a.ts', 'b.ts', 'index.ts', 'operations.ts']);
    const before = mapped(doc, {
      importedBefore: [
        { area: 'zz', summary: 'old' },
        { area: 'c', summary: 'older' },
      ],
    });
    expect(before.files.get('index.ts')).toMatch(/"a":[\s\S]*"b":[\s\S]*"c":[\s\S]*"zz":/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import '../../registry/zod-messages.js';
import { componentName } from '../../registry/command-names.js';
import { api, areaOf, areas, defineOperations, type OperationSpec, registry, workspace } from '../../registry/index.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';

type Doc = Record<string, any>;
const doc = buildOpenApiDocument({ operations: registry, areas, api }) as Doc;

/** The API specification, kept in the repository so the check runs on any clone. */
const SPEC = join(import.meta.dirname, '..', '..', 'docs', 'spec', 'workspace-api.md');

/** Rows of the spec's "### Summary" table: operation id, method, path, area. */
function summaryTable(markdown: string): { id: string; method: string; path: string; area: string }[] {
  const section = markdown.split(/^### Summary\s*$/m)[1]?.split(/^#{1,3} /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.trim().startsWith('|'));
  return rows
    .slice(2) // the header and the |---| line
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .map(([id, method, path, area]) => ({ id: id!, method: method!, path: path!, area: area! }));
}

function* refs(node: unknown): Generator<string> {
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') yield value;
    else yield* refs(value);
  }
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every $ref pointing at something', () => {
    const all = [...refs(doc)];
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<any>((node, key) => node?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('describes every registry operation with its id, tag and path parameters', () => {
    for (const [id, op] of Object.entries(registry as Record<string, OperationSpec>)) {
      const operation = doc.paths[op.path][op.method.toLowerCase()];
      expect(operation.operationId).toBe(id);
      expect(operation.tags).toEqual([areaOf(id)]);
      const own = Object.hasOwn(workspace, id);
      // Path parameters first, in the path's order; svc's own are strings, an imported one keeps its description's type.
      const params = [...op.path.matchAll(/\{([^{}]+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        ...(own ? { schema: { type: 'string' } } : {}),
      }));
      expect((operation.parameters ?? []).slice(0, params.length), id).toMatchObject(params);
      expect(
        (operation.parameters ?? []).filter((param: { in: string }) => param.in === 'path'),
        id,
      ).toHaveLength(params.length);
      // The meanings are the description's: svc's own areas give every one.
      if (own) for (const param of operation.parameters ?? []) expect(param.description, `${id} ${param.name}`).toMatch(/\w+ \w+/);
      expect(Boolean(operation.requestBody)).toBe(op.body !== undefined);
    }
  });

  it('has version 1.0.0, a {base_url} server and both bearer schemes, either one enough', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers[0].url).toBe('{base_url}');
    expect(doc.servers[0].variables.base_url.default).toMatch(/\/v1$/);
    expect(doc.components.securitySchemes).toEqual({
      ServiceApiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'SERVICE_API_KEY', description: expect.any(String) },
      AgentSession: { type: 'http', scheme: 'bearer', bearerFormat: 'svc_agent_*', description: expect.any(String) },
    });
    expect(doc.security).toEqual([{ ServiceApiKey: [] }, { AgentSession: [] }]);
    expect(doc.tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['campaigns', 'crm', 'email', 'files']));
    expect(doc.tags.map((t: { name: string }) => t.name).sort()).toEqual(Object.keys(areas).sort());
  });

  it('uses the standard error shape for errors: 400/401/404/500 on the draft read, default elsewhere', () => {
    expect(doc.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { required: ['message', 'type', 'code'] } },
    });
    const draftRead = doc.paths['/email/drafts/{draftId}'].get.responses;
    expect(Object.keys(draftRead).sort()).toEqual(['200', '400', '401', '404', '500']);
    expect(draftRead['404']).toEqual({
      description: 'Operation or resource not found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    const preview = doc.paths['/email/templates/{templateId}/preview'].post.responses;
    expect(preview.default).toEqual({
      description: 'four error bodies of the standard shape; their statuses are not documented',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    expect(preview['2XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EmailTemplatesPreviewResponse' });
  });

  it("gives every body field the spec's meaning, and the person's rule as anyOf", () => {
    const person = doc.components.schemas.CampaignsPersonAddBody;
    expect(person.properties.displayName.description).toBe('display name of the person');
    expect(person.properties.checkDuplicatesAcrossWorkspace.description).toBe('whether duplicates are checked across the whole workspace');
    expect(person.anyOf).toEqual([{ required: ['email'] }, { required: ['linkedinProfileUrl'] }]);
    expect(doc.components.schemas.FilesDeleteBody.properties.path.description).toBe('the workspace path of the file or directory to remove');
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, { properties?: Record<string, { description?: string }> }>)) {
      if (!name.endsWith('Body') || name === 'ErrorBody' || !workspaceSchema(name)) continue;
      for (const [field, property] of Object.entries(schema.properties ?? {})) expect(property.description, `${name}.${field}`).toBeTruthy();
    }
  });

  it("writes each operation's own declarations as x-svc-* extensions: safety, idempotence, arguments, examples, display, rules", () => {
    for (const [id, op] of Object.entries(registry as Record<string, OperationSpec>)) {
      const operation = doc.paths[op.path][op.method.toLowerCase()];
      expect(operation['x-svc-safety'], id).toBe(op.safety);
      expect(operation['x-svc-examples'], id).toEqual(op.examples);
      expect(operation['x-svc-idempotent'], id).toBe(op.idempotent);
      expect(operation['x-svc-null-result'], id).toBe(op.nullResult);
      expect(operation['x-svc-display'], id).toEqual(op.display);
      expect(operation['x-svc-save-field'], id).toEqual(op.saveField);
    }
    const deletion = doc.paths['/files'].delete;
    expect(deletion['x-svc-args']).toEqual(['path']);
    expect(doc.paths['/email/drafts/{draftId}'].get).not.toHaveProperty('x-svc-args');
    expect(doc.paths['/campaigns/{sequenceId}/person'].post['x-svc-rules']).toEqual([
      { kind: 'at-least-one', fields: ['email', 'linkedinProfileUrl'], description: 'a person needs an email or a LinkedIn profile URL (or both)' },
    ]);
    expect(doc.paths['/crm/objects/{objectName}/entries'].post).not.toHaveProperty('x-svc-rules');
  });

  it('takes its title, version and base-URL rule from the registry', () => {
    expect(doc.info).toMatchObject({ title: api.title, version: api.version });
    expect(doc.servers[0].variables.base_url.default).toBe(api.baseUrl.example);
  });

  it('has the request and response schemas from zod', () => {
    const { schemas } = doc.components;
    expect(schemas.CrmEntriesCreateBody).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'object',
          propertyNames: { type: 'string' },
          additionalProperties: {},
          description: expect.stringContaining('entry values by field name'),
        },
      },
      required: ['data'],
      additionalProperties: false,
    });
    expect(schemas.FilesDeleteResponse.anyOf).toContainEqual({ type: 'null' });
    expect(schemas.EmailDraftsGetResponse.required).toEqual(['ok', 'kind', 'draftId', 'syncStatus', 'revision']);
    expect(schemas.CrmTasksSeriesOccurrencesListResponse).toMatchObject({ type: 'array', items: { type: 'object' } });
    for (const schema of Object.values(schemas)) expect(schema).not.toHaveProperty('$schema');
  });

  it("has every endpoint of the spec's Summary table (docs/spec/workspace-api.md)", () => {
    const rows = summaryTable(readFileSync(SPEC, 'utf8'));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      const operation = doc.paths[row.path]?.[row.method.toLowerCase()];
      expect(operation, `${row.method} ${row.path}`).toBeDefined();
      expect(operation.tags).toContain(row.area);
      if (/^[a-z_]+$/.test(row.id)) expect(operation.operationId).toBe(row.id);
    }
  });
});

/** Whether a component schema is one of svc's own areas' (`CampaignsPersonAddBody`), not an imported one's. */
function workspaceSchema(name: string): boolean {
  return Object.keys(workspace).some((id) => name === `${componentName(id)}Body`);
}

describe('the OpenAPI document of an imported area', () => {
  const Pet: z.ZodMiniType = z.looseObject({ name: z.string(), parent: z.optional(z.lazy(() => Pet)) });
  const pets = defineOperations({
    pets_get: { method: 'GET', path: '/pets/{petId}', summary: 'Read one pet', args: ['petId'], response: Pet, safety: 'safe', examples: ['svc pets get p1'] },
    pets_delete: {
      method: 'DELETE',
      path: '/pets/{petId}',
      summary: 'Remove a pet',
      args: ['petId'],
      response: z.unknown(),
      safety: 'destructive',
      destructive: true,
      idempotent: true,
      status: 204,
      examples: ['svc pets delete p1'],
    },
  });
  const petDoc = buildOpenApiDocument({ operations: pets, areas: { pets: { summary: 'Pets' } }, api }) as Doc;

  it('points a recursive schema at its own place, not at the document', () => {
    const resolved = [...refs(petDoc)].map((ref) => [
      ref,
      ref
        .replace(/^#\/?/, '')
        .split('/')
        .filter(Boolean)
        .reduce<any>((node, key) => node?.[key], petDoc),
    ]);
    expect(resolved.map(([ref]) => ref)).toContain('#/components/schemas/PetsGetResponse');
    for (const [ref, target] of resolved) expect(target, ref as string).toBeDefined();
    // The parent of a pet is a pet: its schema is the response's own.
    expect(petDoc.components.schemas.PetsGetResponse.properties.parent).toEqual({ $ref: '#/components/schemas/PetsGetResponse' });
  });

  it('gives a 204 answer no body', () => {
    expect(petDoc.paths['/pets/{petId}'].delete.responses['204']).toEqual({ description: 'Successful response' });
    expect(petDoc.components.schemas).not.toHaveProperty('PetsDeleteResponse');
  });

  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    const result = await new Validator().validate(petDoc);
    expect(result.errors).toBeUndefined();
  });
});

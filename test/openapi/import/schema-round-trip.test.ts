import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { api, areas, type OperationSpec, workspace } from '../../../registry/index.js';
import { buildOpenApiDocument } from '../../../src/openapi/document.js';
import { SchemaWriter, type Unmapped } from '../../../src/openapi/import/schema-source.js';
import { jsonSchemaOf } from '../../../src/openapi/json-schema.js';
import { emit, evaluate } from './emitted.js';

const KINDS = ['params', 'query', 'body', 'response'] as const;

/** Every schema of the six hand-written operations, with the direction it is exported in. */
const cases = Object.entries(workspace as Record<string, OperationSpec>).flatMap(([id, op]) =>
  KINDS.filter((kind) => op[kind] !== undefined).map((kind) => ({ name: `${id} ${kind}`, schema: op[kind] as $ZodType, response: kind === 'response' })),
);

describe('JSON Schema -> zod source -> JSON Schema, for the hand-written operations', () => {
  it('covers every kind of schema the operations declare', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
    expect(new Set(cases.map((one) => one.name.split(' ')[1]))).toEqual(new Set(['params', 'body', 'response']));
  });

  it.each(cases)('$name exports the same JSON Schema, byte for byte', ({ schema, response }) => {
    const io = response ? 'output' : 'input';
    const exported = JSON.stringify(jsonSchemaOf(schema, io));
    const emitted = emit(JSON.parse(exported), response ? 'response' : 'request');
    expect(JSON.stringify(jsonSchemaOf(emitted.schema, io))).toBe(exported);
    expect(emitted.unmapped).toEqual([]);
  });

  it('reads the exported OpenAPI document through its $refs into named consts, each exported as before', () => {
    const document = buildOpenApiDocument({ operations: workspace, areas, api });
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    const unmapped: Unmapped[] = [];
    const writer = new SchemaWriter({ dialect: '3.1', document, unmapped: (item) => unmapped.push(item) });
    const names = Object.keys(schemas);
    const expressions = names.map((name) =>
      writer.expression({ $ref: `#/components/schemas/${name}` }, name.endsWith('Body') ? 'request' : 'response', `#/x/${name}`),
    );
    const source = `${writer.declarations()}\nconst all = [${expressions.join(', ')}];`;
    expect(source).toContain('const EmailTemplatesPreviewBody = z.strictObject(');
    const evaluated = evaluate(source, 'all') as $ZodType[];
    names.forEach((name, index) => {
      expect(JSON.stringify(jsonSchemaOf(evaluated[index]!, name.endsWith('Body') ? 'input' : 'output')), name).toBe(JSON.stringify(schemas[name]));
    });
    expect(unmapped).toEqual([]);
  });
});

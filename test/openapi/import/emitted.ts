// Evaluates what the schema writer emits: the TypeScript is transpiled (types dropped, nothing else
// changed) and run with the real zod/mini and the registry's atLeastOneOf passed in.
import ts from 'typescript';
import * as z from 'zod/mini';
import '../../../registry/zod-messages.js';
import { atLeastOneOf } from '../../../registry/rules.js';
import { type JsonSchema, SchemaWriter, type SchemaWriterOptions, type Unmapped } from '../../../src/openapi/import/schema-source.js';

export interface Emitted {
  /** The declarations and one `const schema = …;` as generated. */
  source: string;
  schema: z.ZodMiniType;
  unmapped: Unmapped[];
}

/** Runs generated statements and returns the value of `result`. */
export function evaluate(statements: string, result: string): unknown {
  const { outputText } = ts.transpileModule(statements, { compilerOptions: { target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext } });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running generated code is the point of the test
  return new Function('z', 'atLeastOneOf', `${outputText}\nreturn ${result};`)(z, atLeastOneOf);
}

/** Emits `schema` (for `use`) from a document and evaluates the result. */
export function emit(schema: JsonSchema, use: 'request' | 'response' = 'request', options: Partial<SchemaWriterOptions> = {}): Emitted {
  const unmapped: Unmapped[] = [];
  const writer = new SchemaWriter({ dialect: '3.1', document: {}, unmapped: (item) => unmapped.push(item), ...options });
  const expression = writer.expression(schema, use, '#/schema');
  const source = `${writer.declarations()}\nconst schema = ${expression};\n`;
  return { source, schema: evaluate(source, 'schema') as z.ZodMiniType, unmapped };
}

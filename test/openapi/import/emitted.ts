// Evaluates what the schema writer emits: the TypeScript is transpiled (types dropped, nothing else
// changed) and run with the real zod/mini and the registry's atLeastOneOf passed in; and the same
// schema built from its trees as `svc areas add` stores them (JSON) and svc reads them back.
import { join } from 'node:path';
import ts from 'typescript';
import * as z from 'zod/mini';
import '../../../registry/zod-messages.js';
import { atLeastOneOf } from '../../../registry/rules.js';
import { type JsonSchema, SchemaWriter, type SchemaWriterOptions, type Unmapped } from '../../../src/openapi/import/schema-source.js';
import { createSchemaBuilder } from '../../../src/areas/schema-build.js';

export interface Emitted {
  /** The declarations and one `const schema = …;` as generated. */
  source: string;
  schema: z.ZodMiniType;
  /** The same schema built from its trees, through JSON, as svc builds an added area's. */
  built: z.ZodMiniType;
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
  const tree = writer.tree(schema, use, '#/schema');
  const source = `${writer.declarations()}\nconst schema = ${writer.source(tree)};\n`;
  const named = writer.named().trees.map((item) => JSON.stringify(item));
  const built = createSchemaBuilder((index) => named[index])(JSON.stringify(tree)) as z.ZodMiniType;
  return { source, schema: evaluate(source, 'schema') as z.ZodMiniType, built, unmapped };
}

/**
 * TypeScript's errors for generated modules, checked as if they sat in this folder (in memory: nothing
 * is written), with the project's compiler options and the real zod/mini and registry modules.
 */
export function typeErrors(modules: Record<string, string>): string[] {
  const folder = import.meta.dirname;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(folder, '..', '..', '..', 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const options = { ...config!.options, noEmit: true };
  const files = new Map(Object.entries(modules).map(([name, text]) => [join(folder, `${name}.generated.ts`), text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) =>
    files.has(file) ? ts.createSourceFile(file, files.get(file)!, language) : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && files.has(diagnostic.file.fileName))
    .map((diagnostic) => `${diagnostic.file!.fileName.split('/').at(-1)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

/** A generated module as the importer writes one: the imports, the declarations, then exported schemas. */
export function moduleText(writer: SchemaWriter, schemas: Record<string, string>): string {
  const helpers = Object.entries(writer.registryImports()).map(([file, names]) => `import { ${names.join(', ')} } from '../../../registry/${file}';\n`);
  const exported = Object.entries(schemas).map(([name, expression]) => `export const ${name} = ${expression};\n`);
  return `import * as z from 'zod/mini';\nimport '../../../registry/zod-messages.js';\n${helpers.join('')}${writer.declarations()}\n${exported.join('')}`;
}

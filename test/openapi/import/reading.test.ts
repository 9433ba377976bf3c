import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDescription } from '../../../src/openapi/import/description-file.js';
import { checkReferences, resolveObject } from '../../../src/openapi/import/refs.js';
import { ImportRefusal } from '../../../src/openapi/import/refusal.js';
import { removeTempFolders, tempFolder } from '../../support/temp-folder.js';
import { description, operation } from './descriptions.js';

afterAll(removeTempFolders);
const folder = tempFolder('svc-import-read-');

/** Writes a file and reads it as a description, returning the refusal line (or undefined when it reads). */
async function refusal(name: string, content: string | Buffer): Promise<{ line?: string; code?: number }> {
  const file = join(folder, name);
  writeFileSync(file, content);
  try {
    await readDescription(file, name);
    return {};
  } catch (error) {
    expect(error).toBeInstanceOf(ImportRefusal);
    return { line: (error as ImportRefusal).message, code: (error as ImportRefusal).exitCode };
  }
}

describe('reading a description', () => {
  it('reads JSON and YAML alike, and tells the dialect', async () => {
    const doc = description({ '/a': { get: operation('a', 'a_get') } });
    writeFileSync(join(folder, 'a.json'), JSON.stringify(doc));
    writeFileSync(
      join(folder, 'a.yaml'),
      `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: a_get\n      responses: {'200': {description: OK}}\n`,
    );
    expect((await readDescription(join(folder, 'a.json'))).dialect).toBe('3.1');
    const yaml = await readDescription(join(folder, 'a.yaml'));
    expect(yaml.dialect).toBe('3.0');
    expect((yaml.document.paths as any)['/a'].get.operationId).toBe('a_get');
  });

  it.each([
    ['swagger.json', '{"swagger":"2.0","info":{},"paths":{}}', /^swagger\.json is Swagger 2\.0; convert it to OpenAPI 3 first/],
    ['four.json', '{"openapi":"4.0.0","paths":{}}', /^four\.json is OpenAPI "4\.0\.0"; only 3\.0\.x and 3\.1\.x can be imported$/],
    ['plain.json', '{"name":"not an API"}', /^plain\.json is not an OpenAPI description \(no "openapi" version field\)$/],
    ['list.json', '[1,2]', /^list\.json is not an OpenAPI description \(it is not an object\)$/],
    ['broken.json', '{"openapi": "3.1.0",', /^broken\.json is not valid JSON: /],
    ['broken.yaml', 'openapi: [3.1\n  : :', /^broken\.yaml is not valid YAML: /],
    ['nopaths.yaml', 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\n', /^nopaths\.yaml has no "paths" object/],
    ['latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]), /^latin1\.json is not UTF-8 text/],
  ])('refuses %s in one line, exit 2', async (name, content, line) => {
    const result = await refusal(name, content);
    expect(result.line).toMatch(line);
    expect(result.line).not.toContain('\n');
    expect(result.code).toBe(2);
  });

  it('refuses a missing file and a folder in one line', async () => {
    await expect(readDescription(join(folder, 'none.json'), 'none.json')).rejects.toThrow(/^cannot read none\.json: no such file$/);
    await expect(readDescription(folder, 'here')).rejects.toThrow(/^cannot read here: it is a folder$/);
  });

  it('refuses YAML whose aliases multiply (a billion laughs) instead of expanding it', async () => {
    const lines = ['openapi: 3.1.0', 'a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const result = await refusal('laughs.yaml', lines.join('\n'));
    expect(result.line).toMatch(/^laughs\.yaml is not valid YAML: /);
  });
});

describe('references', () => {
  const withRef = (ref: string) => description({ '/a': { get: operation('a', 'a_get', { responses: { '200': { $ref: ref } } }) } });

  it('refuses a reference to another file or a URL, naming it and where it is', () => {
    expect(() => checkReferences(withRef('other.yaml#/components/responses/Ok'), 'api.json')).toThrow(
      /^api\.json refers to another document \("other\.yaml#\/components\/responses\/Ok" at #\/paths\/~1a\/get\/responses\/200\); external references are not imported/,
    );
    expect(() => checkReferences(withRef('https://example.com/x.json'), 'api.json')).toThrow(/refers to another document/);
  });

  it('refuses a reference to nothing, and one through an inherited key', () => {
    expect(() => checkReferences(withRef('#/components/responses/Missing'), 'api.json')).toThrow(
      /^api\.json has a reference to nothing \("#\/components\/responses\/Missing"/,
    );
    expect(() => checkReferences(withRef('#/__proto__/constructor'), 'api.json')).toThrow(/reference to nothing/);
  });

  it('leaves "$ref" inside examples, defaults and extensions alone: they are data', () => {
    const doc = description(
      { '/a': { get: operation('a', 'a_get', { 'x-note': { $ref: 'elsewhere.json' } }) } },
      {
        components: {
          schemas: { A: { type: 'object', example: { $ref: 'http://x' }, default: { $ref: 'y' } } },
          examples: { E: { value: { $ref: 'z.json' } } },
        },
      },
    );
    expect(() => checkReferences(doc, 'api.json')).not.toThrow();
  });

  it('resolves a chain of references, and refuses a loop', () => {
    const doc = {
      components: {
        responses: {
          A: { $ref: '#/components/responses/B' },
          B: { description: 'b' },
          C: { $ref: '#/components/responses/D' },
          D: { $ref: '#/components/responses/C' },
        },
      },
    };
    expect(resolveObject(doc, { $ref: '#/components/responses/A' })).toEqual({ description: 'b' });
    expect(() => resolveObject(doc, { $ref: '#/components/responses/C' })).toThrow(/form a loop/);
  });
});

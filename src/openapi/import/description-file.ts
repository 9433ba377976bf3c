import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { jsonRefusal } from '../../json-syntax.js';
import { ImportRefusal } from './refusal.js';

/** An OpenAPI 3.0 or 3.1 description as read from its file. */
export interface Description {
  document: Record<string, unknown>;
  dialect: '3.0' | '3.1';
}

/** Bigger than any real description (GitHub's, the largest known, is ~12 MB as JSON). */
const MAX_BYTES = 200 * 1024 * 1024;

/**
 * Reads an OpenAPI description from a JSON or YAML file (by its content: JSON when it starts with
 * `{`), refusing in one line a file that cannot be read, is not UTF-8, does not parse, or is not
 * OpenAPI 3.0/3.1 (Swagger 2.0 named as such).
 */
export async function readDescription(path: string, file = path): Promise<Description> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new ImportRefusal(`cannot read ${file}: ${reasonOf(error)}`);
  }
  if (bytes.length > MAX_BYTES) throw new ImportRefusal(`${file} is over ${MAX_BYTES / 1024 / 1024} MB; an OpenAPI description is smaller`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportRefusal(`${file} is not UTF-8 text; save the description as UTF-8`);
  }
  return checkDocument(file, parseText(file, text));
}

/** Parses the text as JSON or YAML (YAML 1.2, of which JSON is a subset); one line on failure. */
export function parseText(file: string, text: string): unknown {
  const json = text.trimStart().startsWith('{');
  try {
    // A description repeats its anchors rarely; aliases are capped so a "billion laughs" file fails fast.
    return json ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    // JSON.parse's own words are the runtime's (V8 or JavaScriptCore): svc's are the same in both builds.
    const first = json ? jsonRefusal(text) : reasonOf(error).split('\n')[0];
    throw new ImportRefusal(`${file} is not valid ${json ? 'JSON' : 'YAML'}: ${first}`);
  }
}

/** The parsed value as an OpenAPI 3.0/3.1 document, or one line saying what it is instead. */
export function checkDocument(file: string, value: unknown): Description {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ImportRefusal(`${file} is not an OpenAPI description (it is not an object)`);
  const document = value as Record<string, unknown>;
  if (typeof document.swagger === 'string') {
    throw new ImportRefusal(
      `${file} is Swagger ${document.swagger.slice(0, 20)}; convert it to OpenAPI 3 first (swagger2openapi, or the Swagger Editor's conversion)`,
    );
  }
  const version = typeof document.openapi === 'string' ? document.openapi : undefined;
  const dialect = version?.match(/^3\.(0|1)\.\d+$/)?.[1];
  if (version === undefined) throw new ImportRefusal(`${file} is not an OpenAPI description (no "openapi" version field)`);
  if (dialect === undefined) throw new ImportRefusal(`${file} is OpenAPI ${JSON.stringify(version.slice(0, 20))}; only 3.0.x and 3.1.x can be imported`);
  if (document.paths === null || typeof document.paths !== 'object' || Array.isArray(document.paths))
    throw new ImportRefusal(`${file} has no "paths" object: no operation to import`);
  return { document, dialect: dialect === '0' ? '3.0' : '3.1' };
}

const reasonOf = (error: unknown): string => {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
};

import { readFile } from 'node:fs/promises';

export class BodySourceError extends Error {}

/** Reads `--body <json | @file | ->`: inline JSON, a file's JSON, or standard input's JSON. */
export async function readBodySource(source: string, stdin: () => Promise<string>): Promise<Record<string, unknown>> {
  let text: string;
  let origin: string;
  if (source === '-') {
    text = await stdin();
    origin = 'standard input';
  } else if (source.startsWith('@')) {
    const file = source.slice(1);
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new BodySourceError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')}`);
    }
    origin = file;
  } else {
    text = source;
    origin = 'the argument';
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new BodySourceError(`JSON in ${origin} is not valid: ${(error as Error).message}`);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BodySourceError(`JSON in ${origin} must be an object`);
  }
  return body as Record<string, unknown>;
}

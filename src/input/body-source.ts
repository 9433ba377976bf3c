import { readFile } from 'node:fs/promises';

export class BodySourceError extends Error {}

/** Reads `--body <json | @file | ->`: inline JSON, a file's JSON, or standard input's JSON; any JSON value. */
export async function readJsonSource(source: string, stdin: () => Promise<string>): Promise<{ value: unknown; origin: string }> {
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
  try {
    return { value: JSON.parse(text) as unknown, origin };
  } catch (error) {
    throw new BodySourceError(`JSON in ${origin} is not valid: ${(error as Error).message}`);
  }
}

/** Reads `--body` for an operation, whose body is a JSON object. */
export async function readBodySource(source: string, stdin: () => Promise<string>): Promise<Record<string, unknown>> {
  const { value, origin } = await readJsonSource(source, stdin);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BodySourceError(`JSON in ${origin} must be an object`);
  }
  return value as Record<string, unknown>;
}

import { type $ZodType, safeParse } from 'zod/v4/core';
import { type FieldDoc, objectFields } from '../../registry/fields.js';
import { validationFailure, type Reply } from './reply.js';

/**
 * The request's query string read by the operation's `query` schema: each declared parameter as
 * its kind (a number, `true`/`false`, every value of a list), then validated; an unknown parameter
 * is refused, as an unknown body field is. Gives the 400 that names each bad parameter.
 */
export function readValidQuery(url: URL, schema: $ZodType): { ok: true; query: Record<string, unknown> } | { ok: false; reply: Reply } {
  const fields = new Map(objectFields(schema, 'query').map((field) => [field.name, field]));
  const query: Record<string, unknown> = {};
  const problems: { path: string; message: string }[] = [];
  for (const name of new Set(url.searchParams.keys())) {
    const field = fields.get(name);
    if (field) query[name] = decode(field, url.searchParams.getAll(name));
    else problems.push({ path: name, message: 'unknown query parameter' });
  }
  const parsed = safeParse(schema, query);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push({ path: issue.path.map(String).join('.'), message: issue.message });
  if (problems.length === 0 && parsed.success) return { ok: true, query: parsed.data as Record<string, unknown> };
  const summary = problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
  return { ok: false, reply: validationFailure(`The query is invalid: ${summary}.`, problems) };
}

function decode(field: FieldDoc, values: string[]): unknown {
  const last = values.at(-1)!;
  switch (field.kind) {
    case 'list':
      return values;
    case 'number':
      return last.trim() === '' ? last : Number(last);
    case 'boolean':
      return last === 'true' ? true : last === 'false' ? false : last;
    default:
      return last;
  }
}

import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';
import { withoutPrototypes } from '../client/own-keys.js';
import { jsonRefusal } from '../json-syntax.js';
import { failure, validationFailure, type FieldProblem, type Reply } from './reply.js';

/** The request's JSON body checked against the operation's registry schema, or the 400 that says why not. */
export async function readValidBody(request: Request, schema: $ZodType, optional = false): Promise<{ ok: true; body: unknown } | { ok: false; reply: Reply }> {
  const text = await request.text();
  if (text.trim() === '') return optional ? { ok: true, body: undefined } : { ok: false, reply: failure(400, 'This operation needs a JSON request body.') };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reply: failure(400, `The request body is not valid JSON: ${jsonRefusal(text)}`) };
  }
  const parsed = safeParse(schema, withoutPrototypes(json));
  // The body as sent, not zod's copy, which loses a field named `__proto__` (as svc's own client does).
  if (parsed.success) return { ok: true, body: json };
  const problems = parsed.error.issues.flatMap(fieldProblems);
  const summary = problems.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message)).join('; ');
  return { ok: false, reply: validationFailure(`The request body is invalid: ${summary}.`, problems) };
}

// An unknown key is reported where it is, once per key, so `details` names the field a user mistyped.
function fieldProblems(issue: $ZodIssue): FieldProblem[] {
  const at = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...at, key].join('.'), message: 'unknown field' }));
  }
  return [{ path: at.join('.'), message: issue.message }];
}

import { withoutPrototypes } from './own-keys.js';
import { safeParse } from 'zod/v4/core';
import type { OperationSpec } from '../../registry/define.js';
import { ErrorBody } from '../../registry/errors.js';
import { encodeQuery } from './query-string.js';
import { NESTS_TOO_DEEP, parseJsonBody } from './response-body.js';
import { compileSchemaCheck, type SchemaCheck } from './schema-check.js';
import type { CallResult, Issue } from './result.js';
import type { HttpRequest, HttpResponse } from './transport.js';

export interface RequestTarget {
  /** Base URL ending in /v1. */
  baseUrl: string;
  token?: string;
  userAgent: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The proxy URL (src/config/proxy-route.ts); direct when absent. */
  proxy?: string;
  /** Trust the system's certificate store too. */
  systemCa?: boolean;
}

/**
 * Builds the HTTP request for one operation from its filled path (`fillPath`: checked once, by the
 * caller that reads the input), its (already valid) body, query and header parameters (their text,
 * from validateHeaders: none of them is a header svc sets itself, registry/header-params.ts).
 */
export function buildRequest(
  op: OperationSpec,
  path: string,
  body: unknown,
  target: RequestTarget,
  query?: Record<string, unknown>,
  params?: Record<string, string>,
): HttpRequest {
  const headers: Record<string, string> = { ...params, accept: 'application/json', 'user-agent': target.userAgent };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const request: HttpRequest = {
    method: op.method,
    url: (target.baseUrl.endsWith('/') ? target.baseUrl.replace(/\/+$/, '') : target.baseUrl) + path + encodeQuery(query),
    headers,
    timeoutMs: target.timeoutMs,
    signal: target.signal,
  };
  if (target.proxy) request.proxy = target.proxy;
  if (target.systemCa) request.systemCa = true;
  // An optional body left out sends nothing; `svc api --input` gives its bytes after this, under this content type.
  if (op.body && (body !== undefined || !op.optionalBody)) {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(body);
  }
  return request;
}

/**
 * Checks a body against the operation's schema; returns the body or the issues. The body sent is
 * the one given, not zod's copy: the schemas only check (no defaults, no transforms), and zod's copy
 * assigns keys on a plain object, where a field named `__proto__` would be lost.
 */
export function validateBody(op: OperationSpec, body: unknown): { ok: true; body: unknown } | { ok: false; issues: Issue[] } {
  if (!op.body || (op.optionalBody && body === undefined)) return { ok: true, body: undefined };
  if (checkOf(op.body)?.(body)) return { ok: true, body };
  const parsed = safeParse(op.body, withoutPrototypes(body));
  if (parsed.success) return { ok: true, body };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.map(pathKey), message: i.message })) };
}

// Compiled once per schema (src/client/schema-check.ts); null: the schema is zod's alone.
const checks = new WeakMap<object, SchemaCheck | null>();

function checkOf(schema: NonNullable<OperationSpec['body']>): SchemaCheck | null {
  let check = checks.get(schema);
  if (check === undefined) checks.set(schema, (check = compileSchemaCheck(schema) ?? null));
  return check;
}

/** Checks query parameters against the operation's `query` schema; an operation without one takes none. */
export function validateQuery(op: OperationSpec, query: unknown): { ok: true; query: Record<string, unknown> | undefined } | { ok: false; issues: Issue[] } {
  if (!op.query) return { ok: true, query: undefined };
  const parsed = safeParse(op.query, query ?? {});
  if (parsed.success) return { ok: true, query: parsed.data as Record<string, unknown> };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.map(pathKey), message: i.message })) };
}

const pathKey = (key: PropertyKey): string | number => (typeof key === 'symbol' ? String(key) : key);

/** How the caller reads a successful result. */
export interface ResultUse {
  /**
   * It reads `json` alone (a batch's records): `data` may then be the body as parsed, not zod's
   * copy (same values, the keys in the service's order), which spares a copy per call wherever a
   * compiled check (src/client/schema-check.ts) finds the body valid; zod still words every mismatch.
   */
  jsonOnly?: boolean;
}

/** Turns an HTTP answer into a result: any 2xx is success, any other status an API error. */
export function readResponse<T>(op: OperationSpec, res: HttpResponse, use: ResultUse = {}): CallResult<T> {
  const ok = res.status >= 200 && res.status < 300;
  if (!ok) return { ok: false, status: res.status, headers: res.headers, error: readApiError(res) };
  if (res.bodyProblem) return unreadableBody(res, res.bodyProblem);
  const unreadable = (what: string): CallResult<T> => ({
    ok: false,
    status: res.status,
    headers: res.headers,
    error: { kind: 'unreadable', status: res.status, message: `the service answered ${res.status} with ${what} where JSON was expected` },
  });
  // 204/205 say "no body" outright; any other 2xx must carry the JSON the operation answers with.
  const blank = isBlank(res.body);
  if (res.status === 204 || res.status === 205 || (blank && acceptsNothing(op))) {
    return { ok: true, status: res.status, headers: res.headers, data: undefined as T };
  }
  if (blank) return unreadable('an empty body');
  const json = parseJsonBody(res.body);
  if (!json.ok) return unreadable(json.problem === 'too-deep' ? `JSON that ${NESTS_TOO_DEEP}` : describeNonJson(res));
  const warning = res.bodyWarning ? { warning: res.bodyWarning } : {};
  if (use.jsonOnly && checkOf(op.response)?.(json.value))
    return { ok: true, status: res.status, headers: res.headers, data: json.value as T, json: json.exact, ...warning };
  const parsed = safeParse(op.response, json.value);
  if (parsed.success) return { ok: true, status: res.status, headers: res.headers, data: parsed.data as T, json: json.exact, ...warning };
  // A field missing under a name every object inherits (`constructor`) is read as present by zod: checked again without prototypes.
  if (safeParse(op.response, withoutPrototypes(json.value)).success)
    return { ok: true, status: res.status, headers: res.headers, data: json.value as T, json: json.exact, ...warning };
  const first = parsed.error.issues[0]!;
  const where = first.path.length > 0 ? first.path.map(pathKey).join('.') : 'the body';
  return { ok: true, status: res.status, headers: res.headers, data: json.value as T, json: json.exact, mismatch: `${where}: ${first.message}`, ...warning };
}

function unreadableBody<T>(res: HttpResponse, what: string): CallResult<T> {
  return {
    ok: false,
    status: res.status,
    headers: res.headers,
    error: { kind: 'unreadable', status: res.status, message: `the service answered ${res.status} with ${what}` },
  };
}

/** Empty or white space only (as trim() sees it), without copying the body: a batch reads thousands. */
const isBlank = (text: string): boolean => !/\S/.test(text);

const acceptsNothing = (op: OperationSpec): boolean => safeParse(op.response, undefined).success;

function readApiError(res: HttpResponse): Extract<CallResult<never>, { ok: false }>['error'] {
  // svc sends no conditional request (If-None-Match…), so a 304 answers nothing it asked.
  if (res.status === 304)
    return { kind: 'api', status: 304, message: 'HTTP 304 Not Modified, though svc sent no conditional request (a caching proxy?)', body: res.body };
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.location ? ` to ${res.headers.location}` : '';
    return {
      kind: 'api',
      status: res.status,
      message: `HTTP ${res.status} redirect${location}; svc does not follow redirects (is the base URL right?)`,
      body: res.body,
    };
  }
  if (res.bodyProblem) return { kind: 'api', status: res.status, message: `HTTP ${res.status} with ${res.bodyProblem}`, body: '' };
  const json = parseJsonBody(res.body);
  const parsed = safeParse(ErrorBody, json.ok ? json.value : undefined);
  if (parsed.success) {
    const { message, type, code, details } = parsed.data.error;
    return { kind: 'api', status: res.status, message, type, code, details, body: res.body };
  }
  const what = res.body.trim() === '' ? 'no body' : !json.ok ? describeNonJson(res) : 'a JSON body that is not the standard error shape';
  return { kind: 'api', status: res.status, message: `HTTP ${res.status} with ${what}`, body: res.body };
}

function describeNonJson(res: HttpResponse): string {
  const type = res.headers['content-type']?.split(';')[0]?.trim();
  if (type === 'text/html' || /^\s*<(!doctype|html)/i.test(res.body)) return 'an HTML page (a proxy or gateway error?)';
  if (res.headers['content-type']?.includes('json')) return 'malformed JSON';
  return type ? `a body of type ${type}` : 'a body that is not JSON';
}

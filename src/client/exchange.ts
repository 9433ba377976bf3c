import type { z } from 'zod';
import type { OperationSpec } from '../../registry/define.js';
import { ErrorBody } from '../../registry/errors.js';
import { fillPath } from './path.js';
import type { CallResult, Issue } from './result.js';
import type { HttpRequest, HttpResponse } from './transport.js';

export interface RequestTarget {
  /** Base URL ending in /v1. */
  baseUrl: string;
  token?: string;
  userAgent: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Builds the HTTP request for one operation from its path parameters and (already valid) body. */
export function buildRequest(op: OperationSpec, params: Record<string, unknown>, body: unknown, target: RequestTarget): HttpRequest {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': target.userAgent };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const request: HttpRequest = {
    method: op.method,
    url: target.baseUrl.replace(/\/+$/, '') + fillPath(op.path, params),
    headers,
    timeoutMs: target.timeoutMs,
    signal: target.signal,
  };
  if (op.body) {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(body);
  }
  return request;
}

/** Checks a body against the operation's schema; returns the parsed body or the issues. */
export function validateBody(op: OperationSpec, body: unknown): { ok: true; body: unknown } | { ok: false; issues: Issue[] } {
  if (!op.body) return { ok: true, body: undefined };
  const parsed = op.body.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => ({ path: i.path.map(pathKey), message: i.message })) };
}

const pathKey = (key: PropertyKey): string | number => (typeof key === 'symbol' ? String(key) : key);

/** Turns an HTTP answer into a result: any 2xx is success, any other status an API error. */
export function readResponse<T>(op: OperationSpec, res: HttpResponse): CallResult<T> {
  const ok = res.status >= 200 && res.status < 300;
  if (!ok) return { ok: false, status: res.status, headers: res.headers, error: readApiError(res) };
  if (res.status === 204 || (res.body === '' && res.status !== 200)) {
    return { ok: true, status: res.status, headers: res.headers, data: undefined as T };
  }
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    const what = res.body.trim() === '' ? 'an empty body' : describeNonJson(res);
    return { ok: false, status: res.status, headers: res.headers, error: { kind: 'unreadable', status: res.status, message: `the service answered ${res.status} with ${what} where JSON was expected` } };
  }
  const parsed = (op.response as z.ZodType).safeParse(json);
  if (parsed.success) return { ok: true, status: res.status, headers: res.headers, data: parsed.data as T };
  const first = parsed.error.issues[0]!;
  const where = first.path.length > 0 ? first.path.map(pathKey).join('.') : 'the body';
  return { ok: true, status: res.status, headers: res.headers, data: json as T, mismatch: `${where}: ${first.message}` };
}

function readApiError(res: HttpResponse): Extract<CallResult<never>, { ok: false }>['error'] {
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) {
    const { message, type, code, details } = parsed.data.error;
    return { kind: 'api', status: res.status, message, type, code, details, body: res.body };
  }
  const what = res.body.trim() === '' ? 'no body' : json === undefined ? describeNonJson(res) : 'a JSON body that is not the standard error shape';
  return { kind: 'api', status: res.status, message: `HTTP ${res.status} with ${what}`, body: res.body };
}

function describeNonJson(res: HttpResponse): string {
  const type = res.headers['content-type']?.split(';')[0]?.trim();
  if (type === 'text/html' || /^\s*<(!doctype|html)/i.test(res.body)) return 'an HTML page (a proxy or gateway error?)';
  if (res.headers['content-type']?.includes('json')) return 'malformed JSON';
  return type ? `a ${type} body` : 'a body that is not JSON';
}

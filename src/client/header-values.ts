import { safeParse } from 'zod/v4/core';
import type { OperationSpec } from '../../registry/define.js';
import type { Issue } from './result.js';

/** What a header value may hold: printable ASCII and tabs, on one line (RFC 9110 §5.5, without obs-text). */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * Checks header parameters against the operation's `headers` schema, then that each value can be
 * sent as one header line; returns them as the text sent, by lower-case name, or the issues. An
 * operation without header parameters refuses any; one that is not given is not sent.
 */
export function validateHeaders(
  op: OperationSpec,
  headers: unknown,
): { ok: true; headers: Record<string, string> | undefined } | { ok: false; issues: Issue[] } {
  if (!op.headers) {
    const given = headers !== null && typeof headers === 'object' ? Object.keys(headers) : [];
    return given.length === 0
      ? { ok: true, headers: undefined }
      : { ok: false, issues: [{ path: [given[0]!], message: 'this operation takes no header parameters' }] };
  }
  const parsed = safeParse(op.headers, headers ?? {});
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path.map((key) => (typeof key === 'symbol' ? String(key) : key)), message: i.message })),
    };
  const sent: Record<string, string> = {};
  const issues: Issue[] = [];
  for (const [name, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (value === undefined) continue;
    const text = String(value);
    if (HEADER_VALUE.test(text)) sent[name] = text;
    else issues.push({ path: [name], message: 'a header value is printable ASCII on one line, without line breaks or other control characters' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, headers: sent };
}

import type { CallResult } from '../client/result.js';
import type { Context } from '../core/context.js';
import type { Presenter } from '../core/presenter.js';
import { printPresentation } from './report.js';
import { parseJsonBody } from '../client/response-body.js';

/**
 * `svc api -i`: the answer's status and headers. With `--output json` they go on stdout in one
 * envelope `{status, headers, body}` (the body as JSON, or its text when it is not JSON; null
 * when empty), and the caller prints nothing more; otherwise `HTTP <status>` and a `name: value`
 * line per header go to stderr before the body is printed as usual. Everything is redacted: the
 * envelope by the presenter, stderr by the context's io.
 */
export async function showIncluded(ctx: Pick<Context, 'io'>, result: CallResult<unknown>, envelope: boolean, presenter: Presenter): Promise<boolean> {
  const headers = result.headers ?? {};
  if (!envelope) {
    const lines = [`HTTP ${result.status}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    ctx.io.err(`${lines.map((line) => line.replace(/[\r\n]/g, ' ')).join('\n')}\n\n`);
    return false;
  }
  printPresentation(ctx, await presenter.present({ status: result.status, headers, body: bodyOf(result) }));
  return true;
}

function bodyOf(result: CallResult<unknown>): unknown {
  if (result.ok) return result.json ?? result.data ?? null;
  if (result.error.kind !== 'api' || result.error.body.trim() === '') return null;
  const json = parseJsonBody(result.error.body);
  return json.ok ? json.exact : result.error.body;
}

import type { OperationSpec } from '../../registry/define.js';
import { redactSecrets } from '../auth/credential.js';
import { sendRequest } from '../client/call.js';
import type { HttpRequest } from '../client/transport.js';
import type { GlobalOptions, Target } from '../config/target.js';
import type { OperationInput } from '../input/operation-input.js';
import { VERSION } from '../version.js';
import type { Context } from './context.js';
import { formatRequest, traceRequest, traceResponse } from './debug-trace.js';
import type { Presenter, TerminalView } from './presenter.js';
import { reportResult } from './report.js';

/** A request ready to leave, and what to do around it. */
export interface Dispatch {
  /** The operation the response is read against (`svc api` passes one that accepts any JSON). */
  op: OperationSpec;
  input: OperationInput;
  request: HttpRequest;
  target: Target;
  globals: GlobalOptions;
  presenter: Presenter;
  view?: TerminalView;
  /** Runs once nothing stands between the request and the network (a confirmation). */
  beforeSend?(): Promise<void>;
  /** Runs with a successful answer's data before it is printed (`--save-html`). */
  onSuccess?(data: unknown): Promise<void>;
}

/**
 * The shared tail of every command that calls the API: `--dry-run` prints the request instead,
 * `--debug` traces it, and the answer is reported (or turned into the one error) the same way.
 */
export async function dispatch(ctx: Context, d: Dispatch): Promise<void> {
  const { credential } = d.target;
  const secrets = credential ? [credential.token] : [];
  if (d.globals.dryRun) {
    ctx.io.out(redactSecrets(formatRequest(d.request), secrets));
    if (!credential) ctx.io.err('svc: note: no credential is set, so the service would answer 401\n');
    return;
  }
  await d.beforeSend?.();
  const hooks = d.globals.debug ? debugHooks(ctx, secrets, credential?.source) : {};
  const result = await sendRequest(d.op, d.request, ctx.send, hooks);
  if (result.ok) await d.onSuccess?.(result.data);
  await reportResult(ctx, { op: d.op, input: d.input, result, secrets, presenter: d.presenter, view: d.view });
}

function debugHooks(ctx: Context, secrets: string[], source: string | undefined) {
  const err = (text: string) => ctx.io.err(redactSecrets(text, secrets));
  return {
    onRequest(request: HttpRequest) {
      err(`* svc ${VERSION}; credential: ${source ?? 'none'}\n`);
      err(traceRequest(request));
    },
    onResponse(response: { status: number; headers: Record<string, string>; body: string }, ms: number) {
      err(traceResponse(response, ms));
    },
  };
}

import type { OperationSpec } from '../../registry/define.js';
import { buildRequest, readResponse, type RequestTarget, validateBody } from './exchange.js';
import { PathParamError } from './path.js';
import type { CallResult } from './result.js';
import { type HttpRequest, type Transport, TransportError } from './transport.js';

export interface CallHooks {
  /** Sees each request just before it is sent (for --debug). */
  onRequest?(request: HttpRequest): void;
  onResponse?(response: { status: number; headers: Record<string, string>; body: string }, ms: number): void;
}

/**
 * Validates, sends and reads one operation. Bad input resolves to an `invalid` error with nothing
 * sent; API and network faults resolve to errors too: nothing here throws for them.
 */
export async function callOperation<T>(
  op: OperationSpec,
  params: Record<string, unknown>,
  body: unknown,
  target: RequestTarget,
  send: Transport,
  hooks: CallHooks = {},
): Promise<CallResult<T>> {
  const valid = validateBody(op, body);
  if (!valid.ok) return { ok: false, status: 0, error: { kind: 'invalid', message: 'invalid request body', issues: valid.issues } };
  let request: HttpRequest;
  try {
    request = buildRequest(op, params, valid.body, target);
  } catch (error) {
    if (!(error instanceof PathParamError)) throw error;
    return { ok: false, status: 0, error: { kind: 'invalid', message: error.message, issues: [{ path: [error.param], message: error.message }] } };
  }
  return sendRequest<T>(op, request, send, hooks);
}

/** Sends a built request and reads the answer; transport faults become a `transport` error. */
export async function sendRequest<T>(op: OperationSpec, request: HttpRequest, send: Transport, hooks: CallHooks = {}): Promise<CallResult<T>> {
  hooks.onRequest?.(request);
  const started = performance.now();
  try {
    const response = await send(request);
    hooks.onResponse?.(response, performance.now() - started);
    return readResponse<T>(op, response);
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { ok: false, status: 0, error: { kind: 'transport', failure: error.kind, message: error.message, sent: error.sent } };
  }
}

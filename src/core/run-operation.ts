import type { OperationSpec } from '../../registry/define.js';
import { type CallHooks, sendRequest } from '../client/call.js';
import { buildRequest, type RequestTarget, type ResultUse, validateBody, validateQuery } from '../client/exchange.js';
import { validateHeaders } from '../client/header-values.js';
import { jsonBodyProblem } from '../client/json-body.js';
import { fillPath } from '../client/path.js';
import type { CallError, CallResult } from '../client/result.js';
import { defaultRetryOptions, type RetryOptions } from '../client/retry.js';
import type { HttpRequest } from '../client/transport.js';
import { InputError } from '../errors.js';
import type { CheckedInput } from '../input/operation-input.js';
import { interruptionOf } from '../interruption.js';
import type { Context } from './context.js';
import { describeFailure, type Failure } from './failure.js';
import { learnSecretHeaders } from './secret-headers.js';

/** One operation and its input as given: path parameters by name, the body, the query and header parameters. */
export interface OperationCall {
  op: OperationSpec;
  params: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

/** An operation whose input passed `prepareCall`: valid, its path filled once. */
export interface PreparedCall {
  op: OperationSpec;
  input: CheckedInput;
}

/** Which part of the input was refused: a path parameter, the body (its schema, or JSON that cannot hold it), the query, a header parameter. */
export type RefusedPart = 'path' | 'body' | 'query' | 'header' | 'json';

export type Preparation = { ok: true; call: PreparedCall } | { ok: false; part: RefusedPart; error: Extract<CallError, { kind: 'invalid' }> };

/**
 * Step one, prepare: checks the path parameters as URL segments, then the body, query and header
 * parameters against the registry's schemas, then that JSON can hold the body as given; the first refusal is returned,
 * with nothing sent. The body kept is the one given (the schemas only check), the query zod's reading.
 */
export function prepareCall({ op, params, body, query, headers }: OperationCall): Preparation {
  let path: string;
  try {
    path = fillPath(op.path, params);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const issues = error.issues.map((issue) => ({ path: issue.field === undefined ? [] : [issue.field], message: error.message }));
    return { ok: false, part: 'path', error: { kind: 'invalid', message: error.message, issues } };
  }
  const valid = validateBody(op, body);
  if (!valid.ok) return { ok: false, part: 'body', error: { kind: 'invalid', message: 'invalid request body', issues: valid.issues } };
  const validQuery = validateQuery(op, query);
  if (!validQuery.ok) return { ok: false, part: 'query', error: { kind: 'invalid', message: 'invalid query parameters', issues: validQuery.issues } };
  const validHeaders = validateHeaders(op, headers);
  if (!validHeaders.ok) return { ok: false, part: 'header', error: { kind: 'invalid', message: 'invalid header parameters', issues: validHeaders.issues } };
  const unsendable = jsonBodyProblem(valid.body);
  if (unsendable) return { ok: false, part: 'json', error: { kind: 'invalid', message: unsendable, issues: [{ path: ['body'], message: unsendable }] } };
  const checked: CheckedInput = { params: params as Record<string, string>, path, body: valid.body as Record<string, unknown> | undefined };
  if (validQuery.query) checked.query = validQuery.query;
  if (validHeaders.headers) checked.headers = validHeaders.headers;
  return { ok: true, call: { op, input: checked } };
}

/** What a caller sees of each attempt: `--debug`'s trace (src/client/call.ts). */
export type OperationHooks = CallHooks;

/**
 * What running an operation reads of the world: the transport, where requests go, the retry
 * policy (its clock included; src/core/request-target.ts's `retryPolicy` reads a profile's), and
 * optionally the secrets to keep out of the failure's words and the stop signal that says which
 * interruption aborted a call.
 */
export type OperationDeps = Pick<Context, 'send' | 'secrets' | 'signal'> & {
  target: RequestTarget;
  /** The default policy (3 retries of idempotent requests, the system clock) when absent. */
  retry?: RetryOptions;
  hooks?: OperationHooks;
  /** How the caller reads a success (src/client/exchange.ts). */
  use?: ResultUse;
};

/**
 * What became of one call: the result, as the library returns it, and for a failure its words
 * (src/core/failure.ts); `request` is absent when the input was refused before one could be built.
 */
export type Outcome<T = unknown> =
  | { request: HttpRequest; result: Extract<CallResult<T>, { ok: true }>; failure?: undefined }
  | { request: HttpRequest | undefined; result: Extract<CallResult<T>, { ok: false }>; failure: Failure };

/**
 * Step two, build: the request of a prepared call, for `deps.target`, nothing sent. A header
 * parameter that carries a credential is learnt as a secret first. What a front-end does with a
 * request before it leaves (`--dry-run` prints it, a confirmation, `--paginate` reads its pages)
 * it does between this step and the next.
 */
export function buildOperationRequest(deps: Pick<OperationDeps, 'secrets' | 'target'>, { op, input }: PreparedCall): HttpRequest {
  learnSecretHeaders(input.headers, deps.secrets);
  return buildRequest(op, input.path, input.body, deps.target, input.query, input.headers);
}

/** Steps three and four, send and shape: the request sent, retried as `deps.retry` allows, a failure put in words. */
export async function sendOperationRequest<T = unknown>(deps: OperationDeps, op: OperationSpec, request: HttpRequest): Promise<Outcome<T>> {
  const result = await sendRequest<T>(op, request, deps.send, deps.hooks, deps.retry ?? defaultRetryOptions, deps.use);
  return result.ok ? { request, result } : failed(deps, op, request, result);
}

/**
 * One operation, every step, below every front-end (the library's `call`, the MCP server's tools,
 * a batch line): prepare (the input checked, unless `call` is already a PreparedCall), build,
 * send, shape. Never prints. API and network faults resolve to an outcome; only the transport's
 * own unexpected fault rejects.
 */
export async function runOperation<T = unknown>(deps: OperationDeps, call: OperationCall | PreparedCall): Promise<Outcome<T>> {
  let prepared: PreparedCall;
  if ('input' in call) prepared = call;
  else {
    const preparation = prepareCall(call);
    if (!preparation.ok) return failed(deps, call.op, undefined, { ok: false, status: 0, error: preparation.error });
    prepared = preparation.call;
  }
  return sendOperationRequest<T>(deps, prepared.op, buildOperationRequest(deps, prepared));
}

/** Step three, shape: a failure in words, with every known secret kept out of them. */
function failed<T>(deps: OperationDeps, op: OperationSpec, request: HttpRequest | undefined, result: Extract<CallResult<T>, { ok: false }>): Outcome<T> {
  const interruption = result.error.kind === 'transport' && result.error.failure === 'aborted' ? interruptionOf(deps.signal) : undefined;
  const failure = describeFailure(result.error, result.attempts, op, interruption);
  const redact = deps.secrets?.redact;
  if (redact) {
    failure.message = redact(failure.message);
    if (failure.hint !== undefined) failure.hint = redact(failure.hint);
    if (failure.detail !== undefined) failure.detail = redact(failure.detail);
  }
  return { request, result, failure };
}

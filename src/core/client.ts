import type * as z from 'zod/v4/core';
import type { OperationSpec, PathParamNames } from '../../registry/define.js';
import { type OperationId, type Registry, registry } from '../../registry/index.js';
import { USER_AGENT } from '../version.js';
import { NUMERIC_OPTIONS, readNumber } from '../config/numeric-options.js';
import { baseUrlProblem, chooseLibraryRoute, retryOptions } from './client-options.js';
import { credentialProblem } from '../client/bearer.js';
import { describeThrown, readCallArguments } from '../client/call-arguments.js';
import type { CallResult } from '../client/result.js';
import { mayHaveBeenApplied, type RetryOptions } from '../client/retry.js';
import type { Transport } from '../client/transport.js';
import { createUndiciTransport } from '../client/undici-transport.js';
import { type BatchOptions, type BatchRecord, runClientBatch } from './client-batch.js';
import { runOperation } from './run-operation.js';
import type { WaitRunner } from './client-wait.js';
import type { WaitOptions, WaitResult } from './client-wait-types.js';

export type { BatchOptions, BatchRecord } from './client-batch.js';
export type { WaitOptions, WaitResult } from './client-wait-types.js';

type Op<Id extends OperationId> = Registry[Id];

/** Path parameters of an operation, by name, from its path template. */
export type ParamsOf<Id extends OperationId> = { [K in PathParamNames<Op<Id>['path']>]: string };

/** The request body an operation takes (the zod schema's input type), if any. */
export type BodyOf<Id extends OperationId> = Op<Id> extends { body: infer B extends z.$ZodType } ? z.input<B> : never;

/** The query parameters an operation takes (the `query` schema's input type), if any. */
export type QueryOf<Id extends OperationId> = Op<Id> extends { query: infer Q extends z.$ZodType } ? z.input<Q> : never;

/** The header parameters an operation takes (the `headers` schema's input type, by lower-case name), if any. */
export type HeadersOf<Id extends OperationId> = Op<Id> extends { headers: infer H extends z.$ZodType } ? z.input<H> : never;

/** What `call` takes: path parameters by name, `body` (left out: none sent, where the body is optional), `query` and `headers` for operations that have them. */
export type CallInput<Id extends OperationId> = ParamsOf<Id> &
  ([BodyOf<Id>] extends [never] ? { body?: never } : Op<Id> extends { optionalBody: true } ? { body?: BodyOf<Id> } : { body: BodyOf<Id> }) &
  ([QueryOf<Id>] extends [never] ? { query?: never } : { query?: QueryOf<Id> }) &
  ([HeadersOf<Id>] extends [never] ? { headers?: never } : { headers?: HeadersOf<Id> });

/** What a successful call returns (the response schema's output type). */
export type ResponseOf<Id extends OperationId> = z.output<Op<Id>['response']>;

export interface ClientOptions {
  /** Base URL of the API, ending in /v1. */
  baseUrl: string;
  /** Bearer token: a workspace API key or an `svc_agent_` session token. */
  token?: string;
  /** Whole-request timeout in seconds (default 30). */
  timeout?: number;
  /**
   * Retries of idempotent operations (GET and DELETE, and those the registry declares idempotent,
   * such as the template preview) on 429, 500, 502, 503, 504 and lost connections,
   * with exponential backoff and full jitter, honouring Retry-After. A number is the count (default
   * 3, 0 turns it off); an object also sets the waits and the clock. Another write (POST) is retried only
   * when it never left the machine (connection refused).
   */
  retries?: number | Partial<RetryOptions>;
  /**
   * The proxy, as the CLI chooses it (README, Networks): by default from the environment
   * (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY` and `NO_PROXY`, lower case first); a URL to use that
   * proxy (`http://user:password@proxy:3128`); `false` to connect directly. Throws a
   * ProxySettingError at creation for a proxy URL that cannot be used.
   */
  proxy?: string | false;
  /** Hosts reached without the proxy when `proxy` is a URL (NO_PROXY's forms). */
  noProxy?: string;
  /** Trust the operating system's certificate store as well as Node's CAs and NODE_EXTRA_CA_CERTS. */
  systemCa?: boolean;
  /** Defaults to an undici keep-alive pool. */
  transport?: Transport;
  userAgent?: string;
  /**
   * Where `callUntyped` finds the operations of areas added with `svc areas add`: the profile (default
   * SERVICE_PROFILE, else `default`) and the environment that names svc's config folder
   * (SVC_CONFIG_DIR, else the platform's; default process.env).
   */
  addedAreas?: { profile?: string; env?: Record<string, string | undefined> };
}

/** What `callUntyped` takes: path parameters by name, and `body`, `query` and `headers` as the operation has them. */
export type UntypedCallInput = Record<string, unknown> & { body?: unknown; query?: Record<string, unknown>; headers?: Record<string, unknown> };

export interface Client {
  /** Calls one operation of the registry; resolves to a result, never throws for API or network faults. */
  call<Id extends OperationId>(id: Id, input: CallInput<Id>, options?: { signal?: AbortSignal }): Promise<CallResult<ResponseOf<Id>>>;
  /**
   * Calls one operation once per line, as `svc … --input` does: `concurrency` calls in flight
   * (default 8), one pace for all of them (`rate`, and one shared backoff when the service
   * answers 429), each line retried as `call` is. Yields one record per line, `{ line, input,
   * result }`, in input order unless `ordered: false`; a line's result is what `call` would
   * resolve to, never a throw. Reading the records slowly holds the lines back; stopping early
   * (`break`) stops the batch. Options that cannot be used throw a TypeError or RangeError at once.
   */
  batch<Id extends OperationId>(
    id: Id,
    lines: Iterable<CallInput<Id>> | AsyncIterable<CallInput<Id>>,
    options?: BatchOptions,
  ): AsyncIterable<BatchRecord<CallInput<Id>, ResponseOf<Id>>>;
  /**
   * Calls an operation that is safe to repeat (a read, or an idempotent one) again and again until
   * `until` holds on its answer, as `svc … --wait-for` does: the first pause `interval` seconds,
   * growing by half each poll to 30, jittered, never shorter, Retry-After obeyed, 429, 5xx and lost
   * connections waited through. Resolves to the last result with `outcome` (`met`, `failed`,
   * `timeout`), `polls` and `waitedMs`; never rejects, a misuse included.
   */
  waitFor<Id extends OperationId>(id: Id, input: CallInput<Id>, options: WaitOptions<ResponseOf<Id>>): Promise<WaitResult<ResponseOf<Id>>>;
  /**
   * Calls any operation by its id, checked as `call` checks it, its result untyped: the registry's,
   * and those of the areas added to a profile with `svc areas add` (see `addedAreas`), which the
   * registry's types do not know. An id of neither resolves to an `invalid` error, nothing sent.
   */
  callUntyped(id: string, input: UntypedCallInput, options?: { signal?: AbortSignal }): Promise<CallResult<unknown>>;
}

/** Creates a typed client of the Workspace API: `await client.call('email_drafts_get', { draftId })`. */
export function createClient(options: ClientOptions): Client {
  const { baseUrl, token, timeout: seconds, retries, proxy, noProxy, systemCa, transport, userAgent, addedAreas } = readClientOptions(options);
  if (token !== undefined && typeof token !== 'string') throw new TypeError(`createClient: the token must be a string, not a ${typeof token}`);
  const problem = token === undefined ? undefined : credentialProblem(token);
  if (problem) throw new TypeError(`createClient: the token cannot be used: ${problem}`);
  // The CLI's ranges (src/config/numeric-options.ts): a timeout that would overflow the timer or round to none is refused.
  const timeout = seconds === undefined ? { ok: true as const, value: 30 } : readNumber(seconds, NUMERIC_OPTIONS.timeout);
  if (!timeout.ok) throw new RangeError(`createClient: timeout: ${timeout.problem}`);
  const retry = retryOptions(retries);
  const send = transport ?? createUndiciTransport();
  // Each option was read once, above: a getter on them is not asked again at each call.
  const base = baseUrlProblem(baseUrl);
  const target = {
    baseUrl: baseUrl as string,
    token,
    userAgent: userAgent ?? USER_AGENT,
    timeoutMs: Math.round(timeout.value * 1000),
    proxy: base ? undefined : chooseLibraryRoute(baseUrl as string, proxy, noProxy).proxy,
    systemCa: systemCa === true,
  };
  // Never throws and never rejects: every misuse resolves to an `invalid` error, nothing sent.
  // The arguments are read once, into plain data, before anything else looks at them.
  const callWith = async <Id extends OperationId>(
    id: Id,
    input: CallInput<Id>,
    callOptions: { signal?: AbortSignal } | undefined,
    retry: RetryOptions,
    wait?: WaitRunner,
    added?: (id: string) => Promise<OperationSpec | string>,
  ): Promise<CallResult<ResponseOf<Id>>> => {
    // Looked up by a plain string: indexed by the generic id, TypeScript would build the union of every
    // operation's type, which a registry of a thousand imported operations makes too complex (TS2590).
    const operations: Readonly<Record<string, OperationSpec>> = registry;
    let op = typeof id === 'string' && Object.hasOwn(operations, id) ? operations[id] : undefined;
    if (!op && added && typeof id === 'string') {
      const found = await added(id);
      if (typeof found === 'string') return invalidCall(found);
      op = found;
    }
    if (!op)
      return invalidCall(
        `unknown operation id ${typeof id === 'string' ? JSON.stringify(id) : `(a ${id === null ? 'null' : typeof id}, not a string)`}; the registry's ids are listed by \`svc ops\``,
      );
    if (input === null || typeof input !== 'object')
      return invalidCall(`${id}: the input must be an object of path parameters (and a body, for operations that take one)`);
    if (base) return invalidCall(`baseUrl: ${base}`);
    const read = readCallArguments(input, callOptions);
    if (!read.ok) return invalidCall(`${id}: ${read.message}`);
    const { params, body, query, headers, signal } = read.value;
    // Past the boundary only the transport (the caller's own, if given) and the retry clock run
    // the caller's code; what they throw is reported as the transport's failure.
    let handedOver = false;
    const sendOnce: Transport = (request) => {
      handedOver = true;
      return send(request);
    };
    try {
      const deps = { send: sendOnce, target: { ...target, signal }, retry };
      const call = { op, params, body, query, headers };
      if (wait) return (await wait(deps, call)) as CallResult<ResponseOf<Id>>;
      return (await runOperation<ResponseOf<typeof id>>(deps, call)).result;
    } catch (error) {
      const message = describeThrown(error);
      if (!handedOver) return invalidCall(`${id}: the input could not be read: ${message}`);
      const failed = { kind: 'transport', failure: 'network', message: `the transport failed: ${message}`, sent: true } as const;
      return { ok: false, status: 0, error: failed, ...(mayHaveBeenApplied(op, failed) ? { mayHaveApplied: true as const } : {}) };
    }
  };
  let added: ((id: string) => Promise<OperationSpec | string>) | undefined;
  const findAdded = async (id: string) => {
    added ??= (await import('../areas/added-operation.js')).addedOperationFinder(addedAreas ?? {});
    return added(id);
  };
  return {
    call: (id, input, callOptions) => callWith(id, input, callOptions, retry),
    callUntyped: (id, input, callOptions) => callWith(id as OperationId, input as never, callOptions, retry, undefined, findAdded),
    batch: (id, lines, batchOptions) => runClientBatch(lines, batchOptions, retry, (input, paced) => callWith(id, input, undefined, paced)),
    // JMESPath and the wait load only when a wait is asked for.
    waitFor: async (id, input, waitOptions) =>
      (await import('./client-wait.js')).runClientWait(waitOptions, (signal, run) => callWith(id, input, signal ? { signal } : undefined, retry, run)),
  };
}

/** The options, each read once; what cannot be read is refused at creation, with a sentence. */
function readClientOptions(options: ClientOptions): ClientOptions {
  if (options === null || typeof options !== 'object') throw new TypeError('createClient: the options must be an object, at least { baseUrl }');
  try {
    const { baseUrl, token, timeout, retries, proxy, noProxy, systemCa, transport, userAgent, addedAreas } = options;
    // An object of retry options is read once too (its clock is the caller's code, run when retrying).
    const retryParts = retries !== null && typeof retries === 'object' ? { ...retries } : retries;
    const added = addedAreas !== null && typeof addedAreas === 'object' ? { addedAreas: { ...addedAreas } } : {};
    return { baseUrl, token, timeout, retries: retryParts, proxy, noProxy, systemCa, transport, userAgent, ...added };
  } catch (error) {
    throw new TypeError(`createClient: the options could not be read: ${describeThrown(error)}`);
  }
}

const invalidCall = (message: string): CallResult<never> => ({ ok: false, status: 0, error: { kind: 'invalid', message, issues: [{ path: [], message }] } });

import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Operations } from '../../registry/define.js';
import { registry, type OperationId, type OperationSpec } from '../../registry/index.js';
import { refuseBearer } from './bearer.js';
import type { Behaviour } from './behaviour/behaviour.js';
import { behaviours } from './behaviour/index.js';
import { NO_BODY_STATUSES } from '../../registry/define.js';
import { generatedAnswer } from './generated-answer.js';
import { failure, type Reply } from './reply.js';
import { readValidBody } from './request-body.js';
import { pageReply, withoutPage } from './paging.js';
import { readValidQuery } from './request-query.js';
import type { MockStore } from './state.js';

export interface HandlerOptions {
  /** The API key accepted besides any `svc_agent_` token. */
  apiKey: string;
  /** Where the API lives; `*` matches any origin. Default `*\/v1`. */
  baseUrl?: string;
  /** The operations served; default the registry's. One without a behaviour answers, once its input is valid, with an answer generated from its response schema (src/mock/generated-answer.ts). */
  operations?: Operations;
  /** Serve list answers in pages of this many items, with RFC 8288 `Link` headers (src/mock/paging.ts); whole when absent. */
  pageSize?: number;
}

/**
 * msw handlers for every registry operation, over the given store, followed by one that answers any
 * other path under the base URL with 404 `route_not_found`. Each checks the bearer token, then the
 * JSON body against the registry's schema, then runs the operation's behaviour.
 */
export function createHandlers(store: MockStore, options: HandlerOptions): HttpHandler[] {
  const baseUrl = options.baseUrl ?? '*/v1';
  const operations = Object.entries(options.operations ?? registry).map(([id, op]) => {
    const route = baseUrl + op.path.replace(/\{([^{}]+)\}/g, ':$1');
    const method = op.method.toLowerCase() as Lowercase<OperationSpec['method']>;
    return http[method](route, async ({ request, params }) => {
      const reply = await answerOperation(id as OperationId, op, store, options, request, params);
      return toResponse(reply);
    });
  });
  const unknown = http.all(`${baseUrl}/*`, ({ request }) => toResponse(answerUnknownRoute(request, options.apiKey)));
  return [...operations, unknown];
}

/** 401 without a valid token, else 404 `route_not_found` naming the method and path. */
export function answerUnknownRoute(request: Request, apiKey: string): Reply {
  const refused = refuseBearer(request.headers.get('authorization'), apiKey);
  if (refused) return refused;
  const { pathname } = new URL(request.url);
  return failure(404, `No operation answers ${request.method} ${pathname}.`, { code: 'route_not_found' });
}

async function answerOperation(
  id: OperationId,
  op: OperationSpec,
  store: MockStore,
  options: HandlerOptions,
  request: Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<Reply> {
  const refused = refuseBearer(request.headers.get('authorization'), options.apiKey);
  if (refused) return refused;
  const url = new URL(request.url);
  const paged = options.pageSize !== undefined && op.method === 'GET';
  let query: Record<string, unknown> = {};
  if (op.query) {
    const read = readValidQuery(paged ? withoutPage(url) : url, op.query);
    if (!read.ok) return read.reply;
    query = read.query;
  }
  let body: unknown;
  if (op.body) {
    const read = await readValidBody(request, op.body, op.optionalBody === true);
    if (!read.ok) return read.reply;
    body = read.body;
  }
  const behaviour = (behaviours as Partial<Record<string, Behaviour<OperationId>>>)[id];
  if (!behaviour) return generatedAnswer(id, op);
  try {
    const reply = behaviour(store, pathParams(params) as never, body as never, query);
    return paged ? pageReply(reply, url, options.pageSize!) : reply;
  } catch (error) {
    return failure(500, `The mock failed while answering ${id}: ${(error as Error).message}`);
  }
}

function pathParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') named[name] = value;
  }
  return named;
}

/** A reply as a Fetch response; a `null` body is the JSON text `null`, except for a status that has no body (204). */
export function toResponse(reply: Reply): Response {
  if (NO_BODY_STATUSES.has(reply.status)) return new HttpResponse(null, { status: reply.status, headers: reply.headers ?? {} });
  return HttpResponse.json(reply.body as never, { status: reply.status, headers: reply.headers ?? {} });
}

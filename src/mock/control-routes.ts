import { refuseBearer } from './bearer.js';
import type { Incoming, RecordedRequest } from './exchange.js';
import { failure, type Reply } from './reply.js';

/** Paths under this prefix inspect or reset the mock; they are not part of the API and are not recorded. */
export const controlPrefix = '/_mock/';

export interface ControlTarget {
  apiKey: string;
  snapshot(): unknown;
  requests: readonly RecordedRequest[];
  reset(): void;
}

/** Answers `GET /_mock/state`, `GET /_mock/requests` and `POST /_mock/reset`, under the API's bearer rule. */
export function answerControl(incoming: Incoming, target: ControlTarget): Reply {
  const refused = refuseBearer(incoming.headers.authorization, target.apiKey);
  if (refused) return refused;
  const pathname = incoming.path.split('?')[0]!.replace(/\/+$/, '');
  const route = `${incoming.method} ${pathname}`;
  if (route === 'GET /_mock/state') return { status: 200, body: target.snapshot() };
  if (route === 'GET /_mock/requests') return { status: 200, body: target.requests.map(redactRequest) };
  if (route === 'POST /_mock/reset') {
    target.reset();
    return { status: 200, body: { ok: true } };
  }
  return failure(404, `No mock control route answers ${route}; try GET /_mock/state, GET /_mock/requests or POST /_mock/reset.`, {
    code: 'route_not_found',
  });
}

// The log is served over HTTP, so a credential in it is cut to a prefix that still tells keys apart.
function redactRequest(request: RecordedRequest): RecordedRequest {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return request;
  return { ...request, headers: { ...request.headers, authorization: `${authorization.slice(0, 10)}…` } };
}

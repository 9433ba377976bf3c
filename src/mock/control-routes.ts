import { refuseBearer } from './bearer.js';
import type { Incoming, RecordedRequest } from './exchange.js';
import type { FaultQueue } from './faults.js';
import { failure, type Reply } from './reply.js';

/** Paths under this prefix inspect or reset the mock; they are not part of the API and are not recorded. */
export const controlPrefix = '/_mock/';

export interface ControlTarget {
  apiKey: string;
  snapshot(): unknown;
  requests: readonly RecordedRequest[];
  reset(): void;
  faults: FaultQueue;
}

/** Answers `GET /_mock/state`, `GET /_mock/requests`, `POST /_mock/reset` and `POST /_mock/faults`, under the API's bearer rule. */
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
  if (route === 'POST /_mock/faults') return queueFaults(incoming.body, target.faults);
  return failure(404, `No mock control route answers ${route}; try GET /_mock/state, GET /_mock/requests, POST /_mock/reset or POST /_mock/faults.`, {
    code: 'route_not_found',
  });
}

// The log is served over HTTP, so a credential in it is cut to a prefix that still tells keys apart.
function redactRequest(request: RecordedRequest): RecordedRequest {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return request;
  return { ...request, headers: { ...request.headers, authorization: `${authorization.slice(0, 10)}…` } };
}

/** `POST /_mock/faults` with `{ "fault": "503", "count": 2 }`: faults the next two API requests. */
function queueFaults(body: string, faults: FaultQueue): Reply {
  let request: { fault?: unknown; count?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return failure(400, 'POST /_mock/faults takes JSON: { "fault": "503", "count": 2 }.', { code: 'invalid_fault' });
  }
  if (typeof request?.fault !== 'string')
    return failure(400, 'POST /_mock/faults needs "fault": an x-mock-fault value such as "503" or "reset".', { code: 'invalid_fault' });
  const count = request.count ?? 1;
  const refused = faults.push(request.fault, typeof count === 'number' ? count : Number.NaN);
  if (refused) return failure(400, refused, { code: 'invalid_fault' });
  return { status: 200, body: { ok: true, queued: faults.size } };
}

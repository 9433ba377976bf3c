import { refuseBearer } from './bearer.js';
import type { Incoming, RecordedRequest } from './exchange.js';
import type { FaultQueue } from './faults.js';
import { failure, type Reply } from './reply.js';

/** Paths under this prefix inspect or reset the mock; they are not part of the API and are not recorded. */
export const controlPrefix = '/_mock/';

export interface ControlTarget {
  apiKey: string;
  /** `POST /_mock/drafts/<id>`: creates or changes a draft, pending until it syncs (failing to, with `fail`). */
  changeDraft(id: string, fields: Record<string, unknown>, fail: boolean): unknown;
  snapshot(): unknown;
  requests: readonly RecordedRequest[];
  reset(): void;
  faults: FaultQueue;
}

/** Answers `GET /_mock/state`, `GET /_mock/requests`, `POST /_mock/reset`, `POST /_mock/faults` and `POST /_mock/drafts/<id>`, under the API's bearer rule. */
export function answerControl(incoming: Incoming, target: ControlTarget): Reply {
  const refused = refuseBearer(incoming.headers.authorization, target.apiKey);
  if (refused) return refused;
  const [path, search = ''] = incoming.path.split('?') as [string, string?];
  const pathname = path.replace(/\/+$/, '');
  const route = `${incoming.method} ${pathname}`;
  const draft = /^POST \/_mock\/drafts\/([^/]+)$/.exec(route);
  if (draft) return changeDraft(incoming.body, draft[1]!, new URLSearchParams(search), target);
  if (route === 'GET /_mock/state') return { status: 200, body: target.snapshot() };
  if (route === 'GET /_mock/requests') return { status: 200, body: target.requests.map(redactRequest) };
  if (route === 'POST /_mock/reset') {
    target.reset();
    return { status: 200, body: { ok: true } };
  }
  if (route === 'POST /_mock/faults') return queueFaults(incoming.body, target.faults);
  return failure(
    404,
    `No mock control route answers ${route}; try GET /_mock/state, GET /_mock/requests, POST /_mock/reset, POST /_mock/faults or POST /_mock/drafts/<id>.`,
    {
      code: 'route_not_found',
    },
  );
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

/** `POST /_mock/drafts/dr_9?sync=fail` with `{ "subject": "New" }`: the draft changed, pending until it syncs. */
function changeDraft(body: string, rawId: string, search: URLSearchParams, target: ControlTarget): Reply {
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return failure(400, `The draft id "${rawId}" is not valid percent-encoding.`, { code: 'invalid_path' });
  }
  let fields: unknown = {};
  try {
    if (body.trim() !== '') fields = JSON.parse(body);
  } catch {
    return failure(400, 'POST /_mock/drafts/<id> takes a JSON object of the fields to change: { "subject": "New subject" }.', { code: 'invalid_draft' });
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
    return failure(400, 'POST /_mock/drafts/<id> takes a JSON object of the fields to change: { "subject": "New subject" }.', { code: 'invalid_draft' });
  const sync = search.get('sync');
  if (sync !== null && sync !== 'fail' && sync !== 'succeed')
    return failure(400, `?sync= takes fail or succeed, not ${JSON.stringify(sync)}.`, { code: 'invalid_draft' });
  const draft = target.changeDraft(id, fields as Record<string, unknown>, sync === 'fail') as object;
  // As a read answers it (src/mock/behaviour/email.ts): the fixed fields lead, and win over the body's.
  const fixed = { ok: true, kind: 'email', draftId: id };
  return { status: 200, body: Object.assign({ ...fixed }, draft, fixed) };
}

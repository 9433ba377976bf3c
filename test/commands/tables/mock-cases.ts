// The requests of test/mock/undefined-requests.test.ts, apart so test/readme-figures.test.ts can count them.

export interface UndefinedRequest {
  method: string;
  path: string;
  status: number;
  code?: string;
  /** The Allow header of a 405. */
  allow?: string;
}

/** Methods and paths the API does not define: each answered in the API's error shape, never a crash. */
export const undefinedRequests: UndefinedRequest[] = [
  { method: 'POST', path: '/v1/email/drafts/dr_123', status: 405, code: 'method_not_allowed', allow: 'GET' },
  { method: 'PUT', path: '/v1/email/drafts/dr_123', status: 405, code: 'method_not_allowed', allow: 'GET' },
  { method: 'PATCH', path: '/v1/crm/objects/deals/entries', status: 405, code: 'method_not_allowed', allow: 'POST' },
  { method: 'DELETE', path: '/v1/campaigns/seq_123/person', status: 405, code: 'method_not_allowed', allow: 'POST' },
  { method: 'GET', path: '/v1/files', status: 405, code: 'method_not_allowed', allow: 'DELETE' },
  { method: 'HEAD', path: '/v1/files', status: 405, allow: 'DELETE' },
  { method: 'HEAD', path: '/v1/email/drafts/dr_123', status: 405, allow: 'GET' },
  { method: 'OPTIONS', path: '/v1/email/drafts/dr_123', status: 405, code: 'method_not_allowed', allow: 'GET' },
  { method: 'TRACE', path: '/v1/email/drafts/dr_123', status: 405, code: 'method_not_allowed', allow: 'GET' },
  { method: 'TRACE', path: '/v1/nowhere', status: 404, code: 'route_not_found' },
  { method: 'PROPFIND', path: '/v1/files', status: 405, code: 'method_not_allowed', allow: 'DELETE' },
  { method: 'LOCK', path: '/v1/email/templates/tpl_welcome/preview', status: 405, code: 'method_not_allowed', allow: 'POST' },
  { method: 'MKCOL', path: '/v1/meetings', status: 404, code: 'route_not_found' },
  { method: 'PURGE', path: '/v1/crm/tasks/series/ser_weekly/occurrences', status: 405, code: 'method_not_allowed', allow: 'GET' },
  { method: 'SEARCH', path: '/v2/files', status: 404, code: 'route_not_found' },
  { method: 'GET', path: '/v1/email/drafts/%E0%A4%A', status: 400, code: 'invalid_path' },
  { method: 'POST', path: '/v1/campaigns/%ZZ/person', status: 400, code: 'invalid_path' },
  { method: 'GET', path: '/', status: 404, code: 'route_not_found' },
];

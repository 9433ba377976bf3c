import type { OperationSpec } from '../../registry/define.js';
import { refuseBearer } from './bearer.js';
import { failure, type Reply } from './reply.js';

/** Where a method and path lead among the registry's operations. */
export type RouteMatch = { kind: 'operation' } | { kind: 'wrong-method'; allow: string[] } | { kind: 'unknown' } | { kind: 'undecodable' };

/**
 * Every operation's path as a pattern under the base path, so the mock can tell a path the API
 * defines with another method (405 and Allow, RFC 9110 §15.5.6) from a path it does not define
 * (404), before msw or the Fetch API sees a method they may refuse (TRACE, say).
 */
export function createRouteTable(operations: readonly OperationSpec[], basePath = '/v1'): (method: string, pathname: string) => RouteMatch {
  const routes = operations.map((op) => ({ method: op.method, pattern: pathPattern(basePath + op.path) }));
  return (method, pathname) => {
    if (!decodable(pathname)) return { kind: 'undecodable' };
    const matching = routes.filter((route) => route.pattern.test(pathname));
    if (matching.length === 0) return { kind: 'unknown' };
    if (matching.some((route) => route.method === method)) return { kind: 'operation' };
    return { kind: 'wrong-method', allow: [...new Set(matching.map((route) => route.method))].sort() };
  };
}

function pathPattern(path: string): RegExp {
  const source = path
    .split(/\{[^{}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`);
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The answer to a request no operation takes, in the API's error shape: 401 first without a valid
 * token (as for any route), then 405 with Allow, 400 for a path that is not valid percent-encoding,
 * or 404 `route_not_found`.
 */
export function answerUndefinedRoute(
  match: Exclude<RouteMatch, { kind: 'operation' }>,
  method: string,
  pathname: string,
  authorization: string | undefined,
  apiKey: string,
): Reply {
  const refused = refuseBearer(authorization, apiKey);
  if (refused) return refused;
  switch (match.kind) {
    case 'wrong-method': {
      const reply = failure(405, `${pathname} does not take ${method}; it takes ${match.allow.join(', ')}.`, { code: 'method_not_allowed' });
      return { ...reply, headers: { allow: match.allow.join(', ') } };
    }
    case 'undecodable':
      return failure(400, `The path ${pathname} is not valid percent-encoding.`, { code: 'invalid_path' });
    case 'unknown':
      return failure(404, `No operation answers ${method} ${pathname}.`, { code: 'route_not_found' });
  }
}

import type { RequestTarget } from '../client/exchange.js';
import type { Target } from '../config/target.js';
import { USER_AGENT } from '../version.js';

/** Where and how a command's requests go: the one place base URL, token, User-Agent, timeout and network route meet. */
export function requestTargetOf(target: Target, signal: AbortSignal | undefined): RequestTarget {
  const { route } = target;
  return { baseUrl: target.baseUrl, token: target.credential?.token, userAgent: USER_AGENT, timeoutMs: target.timeoutMs, signal, proxy: route.proxy, systemCa: route.systemCa };
}

import type { RequestTarget } from '../client/exchange.js';
import { defaultRetryOptions, type RetryOptions } from '../client/retry.js';
import type { Target } from '../config/target.js';
import { USER_AGENT } from '../version.js';
import type { Context } from './context.js';

/** Where and how a command's requests go: the one place base URL, token, User-Agent, timeout and network route meet. */
export function requestTargetOf(target: Target, signal: AbortSignal | undefined): RequestTarget {
  const { route } = target;
  return {
    baseUrl: target.baseUrl,
    token: target.credential?.token,
    userAgent: USER_AGENT,
    timeoutMs: target.timeoutMs,
    signal,
    proxy: route.proxy,
    systemCa: route.systemCa,
  };
}

/** The profile's retry policy (src/client/retry.ts), timed by the context's clock: single calls and batch lines alike. */
export function retryPolicy(ctx: Pick<Context, 'clock'>, target: Pick<Target, 'retries' | 'retryBaseMs'>): RetryOptions {
  return {
    ...defaultRetryOptions,
    retries: target.retries,
    baseDelayMs: target.retryBaseMs ?? defaultRetryOptions.baseDelayMs,
    clock: ctx.clock ?? defaultRetryOptions.clock,
  };
}

import { createPacer, type Pacer } from '../client/pacer.js';
import type { RetryOptions } from '../client/retry.js';
import type { Rate } from '../config/rate.js';
import type { Context } from './context.js';

/**
 * The pace of a run of many requests (a batch's lines, `--paginate`'s pages): at most `rate`
 * starts a second, and one shared backoff when the service throttles (src/client/pacer.ts), timed
 * by the retry policy's clock. A stop (`signal`) lets go the requests waiting for their turn,
 * unsent; `debug` names each pause and each change of rate on stderr.
 */
export function runPacer(ctx: Pick<Context, 'io'>, retry: RetryOptions, options: { rate: Rate | undefined; signal?: AbortSignal; debug?: boolean }): Pacer {
  return createPacer({
    ceiling: options.rate?.perSecond,
    clock: retry.clock,
    maxPauseMs: retry.maxRetryAfterMs,
    signal: options.signal,
    onChange: options.debug ? (text) => ctx.io.err(text) : undefined,
  });
}

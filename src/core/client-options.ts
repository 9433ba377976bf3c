import { NUMERIC_OPTIONS, readNumber } from '../config/numeric-options.js';
import { chooseProxyRoute, type ProxyRoute } from '../config/proxy-route.js';
import { defaultRetryOptions, type RetryOptions } from '../client/retry.js';

// What createClient (src/core/client.ts) makes of its options, each refused at creation with a sentence.

/** `retries` as a number (the CLI's range, 0 to 10) or the policy's parts; anything else is refused at creation. */
export function retryOptions(retries: number | Partial<RetryOptions> | undefined): RetryOptions {
  if (retries === undefined) return defaultRetryOptions;
  if (typeof retries === 'number') {
    const count = readNumber(retries, NUMERIC_OPTIONS.retries);
    if (!count.ok) throw new RangeError(`createClient: retries: ${count.problem}`);
    return { ...defaultRetryOptions, retries: count.value };
  }
  if (retries === null || typeof retries !== 'object')
    throw new TypeError(
      `createClient: retries must be a number or an object of retry options, not ${typeof retries === 'string' ? JSON.stringify(retries) : retries === null ? 'null' : `a ${typeof retries}`}`,
    );
  return { ...defaultRetryOptions, ...retries };
}

/** Why the base URL cannot be used, or undefined. */
export function baseUrlProblem(baseUrl: unknown): string | undefined {
  if (typeof baseUrl !== 'string') return `the base URL must be a string, not ${baseUrl === null ? 'null' : `a ${typeof baseUrl}`}`;
  if (!URL.canParse(baseUrl)) return `${JSON.stringify(baseUrl)} is not a URL`;
  const { protocol } = new URL(baseUrl);
  return protocol === 'http:' || protocol === 'https:' ? undefined : `${protocol} URLs are not supported; give an http or https URL`;
}

/** The proxy the library goes through, as the CLI chooses it (README, Networks). */
export function chooseLibraryRoute(baseUrl: string, proxy: string | false | undefined, noProxy: string | undefined): ProxyRoute {
  if (proxy === false) return { reason: 'proxy: false' };
  if (proxy === undefined) return chooseProxyRoute(baseUrl, { env: process.env });
  return chooseProxyRoute(baseUrl, { env: {}, profileProxy: proxy, profileNoProxy: noProxy });
}

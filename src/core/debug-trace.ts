import type { CallHooks } from '../client/call.js';
import { seconds } from '../client/retry.js';
import type { ProxyRoute } from '../config/proxy-route.js';
import { redactProxyUrl } from '../proxy-url.js';
import type { HttpRequest } from '../client/transport.js';
import { VERSION } from '../version.js';
import type { Context } from './context.js';

const MAX_TRACED_BODY = 4096;

type Redact = (text: string) => string;

/**
 * A body for the trace: redacted before it is clipped (a secret cut in two would match no more),
 * and every line of it marked, so a body cannot print a line that looks like svc's own.
 */
function tracedBody(body: string, mark: string, redact: Redact): string {
  const text = redact(body);
  const clipped = text.length > MAX_TRACED_BODY ? `${text.slice(0, MAX_TRACED_BODY)}… (${body.length} bytes in all)` : text;
  return `${mark}\n${clipped
    .split(/\r?\n/)
    .map((line) => `${mark} ${line}\n`)
    .join('')}`;
}

// Names in code-unit order: the same on every machine, and no locale-aware collator to build
// (localeCompare's first call made one, about a third of a --dry-run's work).
const headerLines = (headers: Record<string, string>, mark: string): string =>
  Object.entries(headers)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${mark} ${name}: ${value}\n`)
    .join('');

/** The request as `--dry-run` prints it: method and URL, headers, a blank line, the body. */
export function formatRequest(request: HttpRequest): string {
  const headers = headerLines(request.headers, '').replace(/^ /gm, '');
  const body = request.body === undefined ? '' : `\n${JSON.stringify(JSON.parse(request.body), null, 2)}\n`;
  return `${request.method} ${request.url}\n${headers}${body}`;
}

/** `--debug` lines for a request leaving, curl style. */
export function traceRequest(request: HttpRequest, redact: Redact = (text) => text): string {
  const body = request.body === undefined ? '' : tracedBody(request.body, '>', redact);
  return `> ${request.method} ${request.url}\n${headerLines(request.headers, '>')}${body}`;
}

/** `--debug` lines for a response arriving. */
export function traceResponse(
  response: { status: number; headers: Record<string, string>; body: string },
  ms: number,
  redact: Redact = (text) => text,
): string {
  const body = response.body === '' ? '' : tracedBody(response.body, '<', redact);
  return `< ${response.status} (${Math.round(ms)} ms)\n${headerLines(response.headers, '<')}${body}`;
}

/**
 * `--debug` hooks: each attempt's request and response, then after a failed attempt what was
 * decided and why (`* attempt 1 of 4 failed: HTTP 503; retrying in 0.31s (backoff; GET is idempotent)`).
 * Secrets are redacted by the context's io, as for every other line.
 */
export function debugHooks(err: (text: string) => void, credentialSource: string | undefined, redact: Redact = (text) => text, route?: ProxyRoute): CallHooks {
  return {
    onRequest(request, attempt) {
      if (attempt === 1) {
        err(`* svc ${VERSION}; credential: ${credentialSource ?? 'none'}\n`);
        if (route) err(`${describeRoute(route)}\n`);
      } else err(`* attempt ${attempt}\n`);
      err(traceRequest(request, redact));
    },
    onResponse(response, ms) {
      err(traceResponse(response, ms, redact));
    },
    onRetryDecision(decision) {
      const head = `* attempt ${decision.attempt} of ${decision.attempts} failed: ${decision.failure}; `;
      err(decision.retry ? `${head}retrying in ${seconds(decision.waitMs)} (${decision.why})\n` : `${head}not retrying: ${decision.why}\n`);
    },
  };
}

/** `* via proxy http://user:****@proxy:3128 (HTTPS_PROXY)`, or `* direct (why)`: the password is never shown. */
export const describeRoute = (route: ProxyRoute): string =>
  route.proxy ? `* via proxy ${redactProxyUrl(route.proxy)} (${route.reason})` : `* direct (${route.reason})`;

/**
 * A command's `--debug` hooks: every attempt traced on stderr, redacted, timed by the context's
 * clock (performance.now when it has none), the credential's source and the network route named
 * once. None without `--debug`. Single calls, pages and batch lines alike.
 */
export function traceHooks(
  ctx: Pick<Context, 'io' | 'secrets' | 'clock'>,
  target: { credential?: { source: string }; route: ProxyRoute },
  debug: boolean | undefined,
): CallHooks {
  if (!debug) return {};
  const hooks = debugHooks((text) => ctx.io.err(text), target.credential?.source, ctx.secrets?.redact, target.route);
  return ctx.clock ? { ...hooks, now: () => ctx.clock!.now() } : hooks;
}

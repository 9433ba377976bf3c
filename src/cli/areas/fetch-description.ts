// `svc areas add <https URL>`: the description fetched as any call is sent, through the profile's
// proxy, CA store and time-out (src/config/network.ts, src/client's transport), with the profile's
// credential only when the user asks (--with-credential) and only to the origin named.
import { resolveCredential } from '../../auth/credential.js';
import { TransportError } from '../../client/transport.js';
import { type GlobalOptions, LOOPBACK, profileName, resolveTimeoutMs } from '../../config/target.js';
import { resolveNetworkRoute } from '../../config/network.js';
import type { Context } from '../../core/context.js';
import { describeFailure, exitCodeForStatus } from '../../core/failure.js';
import { ExitCode, InputError, SvcError } from '../../errors.js';
import { USER_AGENT } from '../../version.js';

/** Redirects followed before giving up: as curl's default is 50, a description is rarely more than one away. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The URL as svc fetches a description from it: https, or http to this machine; no user name or password. */
export function checkDescriptionUrl(text: string, origin = 'the URL'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`${origin} is not a URL: ${text}`);
  }
  if (url.username || url.password) throw new InputError(`${origin} holds a user name or password: remove them (--with-credential sends the profile's)`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    throw new InputError(`${origin} must use https (or http to this machine): ${url.href}`);
  return url;
}

/** The text of the description at `url`, read as svc reads an answer (its charset, at most 64 MiB). */
export async function fetchDescription(ctx: Context, globals: GlobalOptions, given: string, withCredential: boolean): Promise<string> {
  const profile = profileName(ctx, globals);
  let url = checkDescriptionUrl(given);
  const settings = (await ctx.config()).profile(profile);
  const timeoutMs = await resolveTimeoutMs(ctx, globals, profile);
  const credential = withCredential ? await resolveCredential(ctx, profile) : undefined;
  if (withCredential && !credential)
    throw new SvcError(`--with-credential: profile "${profile}" has no credential (set SERVICE_API_KEY, or run \`svc auth login\`)`, ExitCode.auth);
  if (credential) ctx.secrets?.add(credential.token);
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    const route = resolveNetworkRoute(ctx, settings, url.href);
    const headers: Record<string, string> = { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5', 'user-agent': USER_AGENT };
    // The credential goes to the origin the user named, never to one a redirect leads to.
    if (credential && url.origin === origin) headers.authorization = `Bearer ${credential.token}`;
    const request = {
      method: 'GET',
      url: url.href,
      headers,
      timeoutMs,
      ...(route.proxy ? { proxy: route.proxy } : {}),
      systemCa: route.systemCa,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    };
    const response = await ctx.send(request).catch((error: unknown) => {
      if (!(error instanceof TransportError)) throw error;
      const failure = describeFailure({ kind: 'transport', failure: error.kind, message: error.message, sent: error.sent });
      throw new SvcError(`cannot fetch the description: ${failure.message}`, failure.exitCode);
    });
    const location = response.headers.location;
    if (REDIRECTS.has(response.status) && location !== undefined) {
      if (redirects >= MAX_REDIRECTS) throw new SvcError(`${given} redirects more than ${MAX_REDIRECTS} times`, ExitCode.network);
      url = redirectTarget(location, url);
      continue;
    }
    if (response.status < 200 || response.status > 299)
      throw new SvcError(`${url.href} answered HTTP ${response.status}: no description was read`, exitCodeForStatus(response.status));
    const problem = response.bodyProblem ?? response.bodyWarning;
    if (problem) throw new SvcError(`the description at ${url.href} cannot be read: ${problem}`, ExitCode.network);
    return response.body;
  }
}

/** Where a redirect leads, if svc may follow it there (https, or http to this machine). */
function redirectTarget(location: string, from: URL): URL {
  try {
    return checkDescriptionUrl(new URL(location, from).href, `${from.href} redirects to a URL that`);
  } catch (error) {
    const why = error instanceof InputError ? error.message : `${from.href} redirects to ${JSON.stringify(location.slice(0, 200))}, which is not a URL`;
    throw new SvcError(why, ExitCode.network);
  }
}

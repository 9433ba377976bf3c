import { credentialProblem } from '../client/bearer.js';
import type { SettingsSource } from '../config/store.js';
import { InputError } from '../errors.js';

export { credentialProblem };

export const AGENT_TOKEN_PREFIX = 'svc_agent_';

export interface Credential {
  token: string;
  /** Where it came from, in words for `svc auth status`. */
  source: string;
}

/**
 * `SERVICE_API_KEY` if set, else the stored session token of the profile. Never from argv. A
 * credential that cannot travel as a bearer token is refused here (exit 2, nothing sent), not
 * left for the HTTP client to fail on as if the network were at fault.
 */
export async function resolveCredential(ctx: SettingsSource, profile: string): Promise<Credential | undefined> {
  const key = ctx.env.SERVICE_API_KEY;
  if (key) return usable({ token: key, source: 'SERVICE_API_KEY environment variable' }, 'SERVICE_API_KEY');
  const token = (await ctx.config()).profile(profile).token;
  if (!token) return undefined;
  return usable({ token, source: `stored session token of profile "${profile}" (svc auth login)` }, `the stored token of profile "${profile}"`, ' (run `svc auth login` again)');
}

function usable(credential: Credential, origin: string, fix = ''): Credential {
  const problem = credentialProblem(credential.token);
  if (problem) throw new InputError(`${origin} cannot be used: ${problem}${fix}; nothing was sent`);
  return credential;
}

/**
 * Shows the agent prefix and a few first characters of a secret of 12 or more (4 of an agent
 * token, a quarter of anything else, at most 4): enough to tell two tokens apart, never enough to
 * use one. A shorter secret shows none of itself: a few characters could be most of it.
 */
export function redactToken(token: string): string {
  const prefix = token.startsWith(AGENT_TOKEN_PREFIX) ? AGENT_TOKEN_PREFIX.length : 0;
  const rest = token.length - prefix;
  const hint = rest < 12 ? 0 : prefix > 0 ? 4 : Math.min(4, Math.floor(rest / 4));
  return `${token.slice(0, prefix + hint)}${'*'.repeat(8)}`;
}

/** Why a token cannot be an agent session token, or undefined when it can. */
export function checkAgentToken(token: string): string | undefined {
  if (!token.startsWith(AGENT_TOKEN_PREFIX)) return `an agent session token starts with ${AGENT_TOKEN_PREFIX}`;
  if (token.length <= AGENT_TOKEN_PREFIX.length) return 'the token is empty after its prefix';
  if (/\s/.test(token)) return 'the token holds white space';
  return undefined;
}

import type { Context } from '../cli/context.js';

export const AGENT_TOKEN_PREFIX = 'svc_agent_';

export interface Credential {
  token: string;
  /** Where it came from, in words for `svc auth status`. */
  source: string;
}

/** `SERVICE_API_KEY` if set, else the stored session token of the profile. Never from argv. */
export async function resolveCredential(ctx: Context, profile: string): Promise<Credential | undefined> {
  const key = ctx.env.SERVICE_API_KEY;
  if (key) return { token: key, source: 'SERVICE_API_KEY environment variable' };
  const token = (await ctx.config()).profile(profile).token;
  return token ? { token, source: `stored session token of profile "${profile}" (svc auth login)` } : undefined;
}

/** Shows only the first characters: enough to tell two tokens apart, never enough to use one. */
export function redactToken(token: string): string {
  const shown = token.startsWith(AGENT_TOKEN_PREFIX) ? AGENT_TOKEN_PREFIX.length + 4 : Math.min(4, Math.floor(token.length / 4));
  return `${token.slice(0, shown)}${'*'.repeat(8)}`;
}

/** Why a token cannot be an agent session token, or undefined when it can. */
export function checkAgentToken(token: string): string | undefined {
  if (!token.startsWith(AGENT_TOKEN_PREFIX)) return `an agent session token starts with ${AGENT_TOKEN_PREFIX}`;
  if (token.length <= AGENT_TOKEN_PREFIX.length) return 'the token is empty after its prefix';
  if (/\s/.test(token)) return 'the token holds white space';
  return undefined;
}

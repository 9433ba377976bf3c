import { credentialProblem } from '../client/bearer.js';
import type { SettingsSource } from '../config/store.js';
import { SvcError, ExitCode, InputError } from '../errors.js';
import type { Keyring } from './keyring.js';

export { credentialProblem };

export const AGENT_TOKEN_PREFIX = 'svc_agent_';

export interface Credential {
  token: string;
  /** Where it came from, in words for `svc auth status`. */
  source: string;
  /** Where a stored session token lives: the system keyring or the config file (in plain text). */
  storage?: 'keyring' | 'file';
}

/**
 * `SERVICE_API_KEY` if set, else the stored session token of the profile. Never from argv. A
 * credential that cannot travel as a bearer token is refused here (exit 2, nothing sent), not
 * left for the HTTP client to fail on as if the network were at fault.
 */
export async function resolveCredential(ctx: SettingsSource, profile: string): Promise<Credential | undefined> {
  const key = ctx.env.SERVICE_API_KEY;
  if (key) return usable({ token: key, source: 'SERVICE_API_KEY environment variable' }, 'SERVICE_API_KEY');
  const settings = (await ctx.config()).profile(profile);
  const token = settings.token ?? (settings.tokenStorage === 'keyring' ? await keyringToken(ctx, profile) : undefined);
  if (!token) return undefined;
  const storage = settings.token ? 'file' : 'keyring';
  return usable(
    { token, source: `stored session token of profile "${profile}" (svc auth login)`, storage },
    `the stored token of profile "${profile}"`,
    ' (run `svc auth login` again)',
  );
}

/** The system keyring of the context, or the real one; its native code loads only here. */
export function openKeyring(ctx: Pick<SettingsSource, 'keyring'>): Promise<Keyring> {
  return ctx.keyring ? ctx.keyring() : import('./keyring.js').then((keyring) => keyring.openSystemKeyring());
}

/** A profile signed in to the keyring whose token cannot be had is one line, exit 4, nothing sent. */
async function keyringToken(ctx: SettingsSource, profile: string): Promise<string> {
  let token: string | undefined;
  try {
    token = await (await openKeyring(ctx)).read(profile);
  } catch (error) {
    throw new SvcError(
      `the session token of profile "${profile}" is kept in the system keyring, which cannot be used now (${(error as Error).message}); nothing was sent: unlock the keyring, set SERVICE_API_KEY, or run \`svc auth login\` again`,
      ExitCode.auth,
    );
  }
  if (token === undefined)
    throw new SvcError(
      `the system keyring holds no session token for profile "${profile}" any more; nothing was sent: run \`svc auth login\` again, or set SERVICE_API_KEY`,
      ExitCode.auth,
    );
  return token;
}

function usable(credential: Credential, origin: string, fix = ''): Credential {
  const problem = credentialProblem(credential.token);
  if (problem) throw new InputError(`${origin} cannot be used: ${problem}${fix}; nothing was sent`);
  return credential;
}

/**
 * Shows the public agent prefix of an agent token, then `********`; anything else is `********`.
 * No character of the secret itself is ever shown: a secret never appears in output, logs or
 * errors in any form, and a few first characters are a cut form of it.
 */
export function redactToken(token: string): string {
  return `${token.startsWith(AGENT_TOKEN_PREFIX) ? AGENT_TOKEN_PREFIX : ''}${'*'.repeat(8)}`;
}

/** Why a token cannot be an agent session token, or undefined when it can. */
export function checkAgentToken(token: string): string | undefined {
  if (!token.startsWith(AGENT_TOKEN_PREFIX)) return `an agent session token starts with ${AGENT_TOKEN_PREFIX}`;
  if (token.length <= AGENT_TOKEN_PREFIX.length) return 'the token is empty after its prefix';
  if (/\s/.test(token)) return 'the token holds white space';
  return undefined;
}

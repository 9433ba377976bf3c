import type { Command } from 'commander';
import { AGENT_TOKEN_PREFIX, checkAgentToken, credentialProblem, redactToken, resolveCredential } from '../../auth/credential.js';
import { profileName, type GlobalOptions } from '../../config/target.js';
import { redactProxyUrl } from '../../client/proxy-route.js';
import { describeTrust, resolveNetworkRoute } from '../../config/network.js';
import type { ProfileSettings } from '../../config/store.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../../errors.js';

/** `svc auth login|status|token|logout`: the agent session token of a profile. */
/** A token piped to `svc auth login` is a line; more than this is some other file piped by mistake. */
const MAX_PIPED_TOKEN_BYTES = 64 * 1024;

export function register(program: Command, ctx: Context): void {
  const auth = program.command('auth').description('Sign in with an agent session token, show or remove it');
  const globals = (command: Command) => command.optsWithGlobals<GlobalOptions>();

  auth
    .command('login')
    .description(`Store an agent session token (${AGENT_TOKEN_PREFIX}...) for the profile, read from stdin or a hidden prompt`)
    .addHelpText('after', '\nExamples:\n  svc auth login\n  printf %s "$TOKEN" | svc auth login --profile acme\n')
    .action(async (_options, command: Command) => {
      const profile = profileName(ctx, globals(command));
      // Piped, the one line break that ends the line is not part of the token; anything else around it is refused.
      const given = ctx.io.stdinIsTTY ? await ctx.io.prompt(`Paste the agent session token for profile "${profile}": `, { hidden: true }) : (await ctx.io.stdin(MAX_PIPED_TOKEN_BYTES)).replace(/\r?\n$/, '');
      ctx.secrets?.add(given);
      if (given.trim() === '') throw usageError(`no token given: pipe it on stdin or paste it at the prompt`);
      const token = given;
      const problem = credentialProblem(token) ?? checkAgentToken(token);
      if (problem) throw usageError(`that is not an agent session token: ${problem}`);
      const store = await ctx.config();
      await store.updateProfile(profile, (current) => ({ ...current, token }));
      ctx.io.err(`Signed in: profile "${profile}" now uses ${redactToken(token)} (stored in ${store.path}).\n`);
      if (ctx.env.SERVICE_API_KEY) ctx.io.err('Note: SERVICE_API_KEY is set and is used before the stored token.\n');
    });

  auth
    .command('status')
    .description('Show the profile, base URL, where the credential comes from, and the token redacted')
    .action(async (_options, command: Command) => {
      const options = globals(command);
      const profile = profileName(ctx, options);
      const store = await ctx.config();
      const credential = await resolveCredential(ctx, profile);
      const base = options.baseUrl ? `${options.baseUrl} (--base-url)` : ctx.env.SERVICE_BASE_URL ? `${ctx.env.SERVICE_BASE_URL} (SERVICE_BASE_URL)` : (store.profile(profile).baseUrl ?? 'not set');
      ctx.io.out(`Profile:     ${profile}\nBase URL:    ${base}\n${describeNetwork(ctx, store.profile(profile), options.baseUrl ?? ctx.env.SERVICE_BASE_URL ?? store.profile(profile).baseUrl)}`);
      if (!credential) {
        ctx.io.out('Credential:  none\n');
        throw new CliError('not signed in: set SERVICE_API_KEY, or run `svc auth login`', ExitCode.auth);
      }
      ctx.io.out(`Credential:  ${credential.source}\nToken:       ${redactToken(credential.token)}\n`);
    });

  auth
    .command('token')
    .description('Print the credential in use, for scripts (the only command that prints it whole)')
    .action(async (_options, command: Command) => {
      const credential = await resolveCredential(ctx, profileName(ctx, globals(command)));
      if (!credential) throw new CliError('not signed in: set SERVICE_API_KEY, or run `svc auth login`', ExitCode.auth);
      (ctx.secrets?.reveal ?? ctx.io.out)(`${credential.token}\n`);
    });

  auth
    .command('logout')
    .description('Remove the stored session token of the profile')
    .action(async (_options, command: Command) => {
      const profile = profileName(ctx, globals(command));
      const store = await ctx.config();
      if (!store.profile(profile).token) {
        ctx.io.err(`Profile "${profile}" has no stored token; nothing to remove.\n`);
        return;
      }
      await store.updateProfile(profile, ({ token: _removed, ...rest }) => rest);
      ctx.io.err(`Signed out: removed the token of profile "${profile}".\n`);
    });
}

/** The proxy the base URL is reached through (password masked) and the CAs that verify its certificate. */
function describeNetwork(ctx: Context, settings: ProfileSettings, baseUrl: string | undefined): string {
  let proxy = 'unknown until a base URL is set';
  let systemCa = settings.systemCa === true;
  if (baseUrl && URL.canParse(baseUrl)) {
    const route = resolveNetworkRoute(ctx, settings, baseUrl);
    proxy = route.proxy ? `${redactProxyUrl(route.proxy)} (${route.reason})` : `none: direct (${route.reason})`;
    systemCa = route.systemCa;
  }
  return `Proxy:       ${proxy}\nTLS trust:   ${describeTrust(ctx.env, systemCa)}\n`;
}

import type { Command } from 'commander';
import { AGENT_TOKEN_PREFIX, checkAgentToken, credentialProblem, openKeyring, redactToken, resolveCredential } from '../../auth/credential.js';
import { baseUrlSetting, profileName, type GlobalOptions } from '../../config/target.js';
import { redactProxyUrl } from '../../proxy-url.js';
import { describeTrust, resolveNetworkRoute } from '../../config/network.js';
import type { ConfigStore, ProfileSettings } from '../../config/store.js';
import { KeyringUnavailable } from '../../auth/keyring.js';
import type { Context } from '../../core/context.js';
import { SvcError, ExitCode, usageError } from '../../errors.js';
import { examplesHelp } from '../help-layout.js';

/** `svc auth login|status|token|logout`: the agent session token of a profile. */
/** A token piped to `svc auth login` is a line; more than this is some other file piped by mistake. */
const MAX_PIPED_TOKEN_BYTES = 64 * 1024;

export function register(program: Command, ctx: Context): void {
  const auth = program
    .command('auth')
    .description('Sign in with an agent session token, show or remove it')
    .addHelpText('after', examplesHelp(['printf %s "$TOKEN" | svc auth login', 'svc auth status', 'svc auth token', 'svc auth logout --profile acme']));
  const globals = (command: Command) => command.optsWithGlobals<GlobalOptions>();

  auth
    .command('login')
    .description(`Store an agent session token (${AGENT_TOKEN_PREFIX}...) for the profile, read from stdin or a hidden prompt`)
    .option('--insecure-storage', 'store the token in plain text in the config file (mode 0600) instead of the system keyring')
    .addHelpText(
      'after',
      '\nThe token goes to the system keyring (Secret Service, Keychain, Credential Manager); where none\nis reachable (a container, a headless runner) it goes to the config file, and svc says so.\n\nExamples:\n  svc auth login\n  printf %s "$TOKEN" | svc auth login --profile acme\n  printf %s "$TOKEN" | svc auth login --insecure-storage\n',
    )
    .action(async (options: { insecureStorage?: boolean }, command: Command) => {
      const profile = profileName(ctx, globals(command));
      // Piped, the one line break that ends the line is not part of the token; anything else around it is refused.
      const given = ctx.io.stdinIsTTY
        ? await ctx.io.prompt(`Paste the agent session token for profile "${profile}": `, { hidden: true })
        : (await ctx.io.stdin(MAX_PIPED_TOKEN_BYTES, 'svc auth login (the token)')).replace(/\r?\n$/, '');
      ctx.secrets?.add(given);
      if (given.trim() === '') throw usageError(`no token given: pipe it on stdin or paste it at the prompt`);
      const token = given;
      const problem = credentialProblem(token) ?? checkAgentToken(token);
      if (problem) throw usageError(`that is not an agent session token: ${problem}`);
      const store = await ctx.config();
      const stored = await storeToken(ctx, store, profile, token, options.insecureStorage === true);
      ctx.io.err(`Signed in: profile "${profile}" now uses ${redactToken(token)} (stored in ${stored}).\n`);
      if (ctx.env.SERVICE_API_KEY) ctx.io.err('Note: SERVICE_API_KEY is set and is used before the stored token.\n');
    });

  auth
    .command('status')
    .description('Show the profile, base URL, where the credential comes from, and the token redacted')
    .addHelpText('after', `\nExits 4 when there is no credential.\n${examplesHelp(['svc auth status', 'svc auth status --profile acme'])}`)
    .action(async (_options, command: Command) => {
      const options = globals(command);
      const profile = profileName(ctx, options);
      const store = await ctx.config();
      const credential = await resolveCredential(ctx, profile);
      const setting = baseUrlSetting(ctx.env, options, store.profile(profile));
      const base = setting === undefined ? 'not set' : setting.origin === 'profile' ? setting.value : `${setting.value} (${setting.origin})`;
      ctx.io.out(`Profile:     ${profile}\nBase URL:    ${base}\n${describeNetwork(ctx, store.profile(profile), setting?.value)}`);
      if (!credential) {
        ctx.io.out('Credential:  none\n');
        throw new SvcError('not signed in: set SERVICE_API_KEY, or run `svc auth login`', ExitCode.auth);
      }
      const storage = credential.storage === 'keyring' ? 'the system keyring\n' : credential.storage === 'file' ? `${store.path} (plain text)\n` : '';
      ctx.io.out(`Credential:  ${credential.source}\n${storage && `Stored in:   ${storage}`}Token:       ${redactToken(credential.token)}\n`);
      if (credential.storage === 'file')
        ctx.io.err('svc: note: the token is stored in plain text; `svc auth login` stores it in the system keyring where one is reachable\n');
    });

  auth
    .command('token')
    .description('Print the credential in use, for scripts (the only command that prints it whole)')
    .addHelpText('after', examplesHelp(['TOKEN="$(svc auth token)"', 'svc auth token --profile acme']))
    .action(async (_options, command: Command) => {
      const credential = await resolveCredential(ctx, profileName(ctx, globals(command)));
      if (!credential) throw new SvcError('not signed in: set SERVICE_API_KEY, or run `svc auth login`', ExitCode.auth);
      (ctx.secrets?.reveal ?? ctx.io.out)(`${credential.token}\n`);
    });

  auth
    .command('logout')
    .description('Remove the stored session token of the profile, from the system keyring and the config file')
    .addHelpText('after', examplesHelp(['svc auth logout', 'svc auth logout --profile acme']))
    .action(async (_options, command: Command) => {
      const profile = profileName(ctx, globals(command));
      const store = await ctx.config();
      const settings = store.profile(profile);
      // The keyring is asked even when the file does not point to it: a token left there by an earlier login goes too.
      const fromKeyring = await removeFromKeyring(ctx, profile, settings.tokenStorage === 'keyring');
      if (!settings.token && !settings.tokenStorage) {
        ctx.io.err(
          fromKeyring
            ? `Signed out: removed the token of profile "${profile}" from the system keyring.\n`
            : `Profile "${profile}" has no stored token; nothing to remove.\n`,
        );
        return;
      }
      await store.updateProfile(profile, ({ token: _removed, tokenStorage: _where, ...rest }) => rest);
      const places = [fromKeyring && 'the system keyring', settings.token !== undefined && `the config file (${store.path})`].filter(Boolean).join(' and ');
      ctx.io.err(`Signed out: removed the token of profile "${profile}"${places ? ` from ${places}` : ''}.\n`);
    });
}

/**
 * Stores the token in the system keyring (the file then only says so), or in the config file when
 * asked (--insecure-storage) or when no keyring can be used, saying why in one line as gh does.
 * Resolves to where it went, in words.
 */
async function storeToken(ctx: Context, store: ConfigStore, profile: string, token: string, insecure: boolean): Promise<string> {
  if (!insecure) {
    try {
      await (await openKeyring(ctx)).write(profile, token);
      await store.updateProfile(profile, ({ token: _plain, ...current }) => ({ ...current, tokenStorage: 'keyring' }));
      return 'the system keyring';
    } catch (error) {
      if (!(error instanceof KeyringUnavailable)) throw error;
      ctx.io.err(
        `svc: note: no system keyring can be used (${error.message}); the token is stored in plain text in the config file instead (--insecure-storage says so without trying)\n`,
      );
    }
  } else await removeFromKeyring(ctx, profile, false);
  await store.updateProfile(profile, ({ tokenStorage: _where, ...current }) => ({ ...current, token }));
  return store.path;
}

/** Removes the profile's token from the keyring; resolves whether one was there. An unreachable keyring is a note when the file said the token was there, silence otherwise. */
async function removeFromKeyring(ctx: Context, profile: string, expected: boolean): Promise<boolean> {
  try {
    return await (await openKeyring(ctx)).remove(profile);
  } catch (error) {
    if (!(error instanceof KeyringUnavailable)) throw error;
    if (expected) ctx.io.err(`svc: warning: the system keyring cannot be used (${error.message}); the token of profile "${profile}" may still be in it\n`);
    return false;
  }
}

/** The proxy the base URL is reached through (password masked) and the CAs that verify its certificate. */
function describeNetwork(ctx: Context, settings: ProfileSettings, baseUrl: string | undefined): string {
  let proxy = 'unknown until a base URL is set';
  if (baseUrl && URL.canParse(baseUrl)) {
    const route = resolveNetworkRoute(ctx, settings, baseUrl);
    proxy = route.proxy ? `${redactProxyUrl(route.proxy)} (${route.reason})` : `none: direct (${route.reason})`;
  }
  return `Proxy:       ${proxy}\nTLS trust:   ${describeTrust(ctx.env, settings.systemCa)}\n`;
}

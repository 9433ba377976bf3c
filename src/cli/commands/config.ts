import type { Command } from 'commander';
import { redactToken } from '../../auth/credential.js';
import { checkProxyUrl, ProxySettingError, redactProxyUrl } from '../../proxy-url.js';
import type { ConfigStore, ProfileSettings } from '../../config/store.js';
import { checkBaseUrl, parseRetries, profileName, type GlobalOptions } from '../../config/target.js';
import { NUMERIC_OPTIONS, parseNumericOption } from '../../config/numeric-options.js';
import { parseRate } from '../../config/rate.js';
import type { Context } from '../../core/context.js';
import { usageError } from '../../errors.js';
import { examplesHelp } from '../help-layout.js';

interface SettingKey {
  field: keyof ProfileSettings;
  help: string;
  parse(value: string): string | number | boolean;
}

function checkProfileProxy(value: string): string {
  try {
    return checkProxyUrl(value, 'proxy');
  } catch (error) {
    throw error instanceof ProxySettingError ? usageError(error.message) : error;
  }
}

const parseBoolean = (key: string) => (value: string) => {
  if (value !== 'true' && value !== 'false') throw usageError(`${key}: expected true or false, got "${value}"`);
  return value === 'true';
};

/** The settings `svc config` may change; the token is `svc auth`'s business. */
const KEYS: Record<string, SettingKey> = {
  'base-url': { field: 'baseUrl', help: 'base URL of the API, ending in /v1', parse: (value) => checkBaseUrl(value, 'svc config set') },
  timeout: { field: 'timeout', help: 'whole-request timeout in seconds', parse: (value) => parseNumericOption(value, NUMERIC_OPTIONS.timeout, 'timeout') },
  retries: { field: 'retries', help: 'retries of idempotent requests', parse: (value) => parseRetries(value, 'retries')! },
  proxy: { field: 'proxy', help: 'proxy URL, used when HTTPS_PROXY/HTTP_PROXY are not set', parse: (value) => checkProfileProxy(value) },
  'no-proxy': { field: 'noProxy', help: 'hosts reached without the proxy, used when NO_PROXY is not set', parse: (value) => value.trim() },
  'system-ca': { field: 'systemCa', help: "trust the system's CA store too: true or false", parse: parseBoolean('system-ca') },
  rate: {
    field: 'rate',
    help: 'requests started per second at most by batch runs and --paginate: n, n/s or n/m',
    parse: (value) => parseRate(value, 'rate').text,
  },
};

/** A setting as printed: a proxy URL without its password. */
const shown = (value: unknown): string => (typeof value === 'string' ? redactProxyUrl(value) : String(value));

function settingKey(name: string): SettingKey {
  const key = Object.hasOwn(KEYS, name) ? KEYS[name] : undefined;
  if (!key) throw usageError(`unknown setting "${name}"; settings are: ${Object.keys(KEYS).join(', ')}`);
  return key;
}

/** `svc config set|get|unset|list`: per-profile settings (one profile per workspace). */
export function register(program: Command, ctx: Context): void {
  const config = program.command('config').description('Show and change per-profile settings such as base-url');
  config.addHelpText(
    'after',
    `\nSettings:\n${Object.entries(KEYS)
      .map(([name, key]) => `  ${name.padEnd(10)} ${key.help}`)
      .join(
        '\n',
      )}\n\nExamples:\n  svc config set base-url https://api.example.com/v1\n  svc config set base-url https://eu.example.com/v1 --profile acme\n  svc config get base-url\n  svc config unset timeout\n  svc config list\n  svc config list --all\n`,
  );
  const profileOf = (command: Command) => profileName(ctx, command.optsWithGlobals<GlobalOptions>());

  config
    .command('set <key> <value>')
    .description('Set a setting of the profile')
    .addHelpText('after', examplesHelp(['svc config set base-url https://api.example.com/v1', 'svc config set timeout 60 --profile acme']))
    .action(async (name: string, value: string, _o, command: Command) => {
      const key = settingKey(name);
      const parsed = key.parse(value);
      const profile = profileOf(command);
      const store = await ctx.config();
      await store.updateProfile(profile, (current) => ({ ...current, [key.field]: parsed }));
      ctx.io.err(`Set ${name} of profile "${profile}" to ${shown(parsed)}.\n`);
    });

  config
    .command('get <key>')
    .description('Print a setting of the profile')
    .addHelpText(
      'after',
      `\nPrints nothing when the setting is not set.\n${examplesHelp(['svc config get base-url', 'svc config get timeout --profile acme'])}`,
    )
    .action(async (name: string, _o, command: Command) => {
      const key = settingKey(name);
      const value = (await ctx.config()).profile(profileOf(command))[key.field];
      if (value !== undefined) ctx.io.out(`${shown(value)}\n`);
    });

  config
    .command('unset <key>')
    .description('Remove a setting from the profile, so its default (or the environment) applies')
    .addHelpText('after', examplesHelp(['svc config unset timeout', 'svc config unset proxy --profile acme']))
    .action(async (name: string, _o, command: Command) => {
      const key = settingKey(name);
      const profile = profileOf(command);
      const store = await ctx.config();
      if (store.profile(profile)[key.field] === undefined) {
        ctx.io.err(`Profile "${profile}" has no ${name} set; nothing to change.\n`);
        return;
      }
      await store.updateProfile(profile, ({ [key.field]: _removed, ...rest }) => rest);
      ctx.io.err(`Unset ${name} of profile "${profile}".\n`);
    });

  config
    .command('list')
    .description('Show the settings a call would use now and where each comes from (flag, environment, profile, default); --all lists every stored profile')
    .option('--all', 'list every profile stored in the config file instead')
    .addHelpText('after', examplesHelp(['svc config list', 'svc config list --profile acme', 'svc config list --all']))
    .action(async (options: { all?: boolean }, command: Command) => {
      const store = await ctx.config();
      if (options.all) return listProfiles(ctx, store);
      const { settingOrigins, formatOrigins } = await import('./config-origins.js');
      ctx.io.out(formatOrigins(settingOrigins(ctx.env, command.optsWithGlobals<GlobalOptions>(), store)));
    });
}

/** Every stored profile and its settings, tokens masked. */
function listProfiles(ctx: Context, store: ConfigStore): void {
  const names = store.profileNames();
  if (names.length === 0) ctx.io.err(`No profiles yet (${store.path}).\n`);
  for (const name of names) {
    const { token, tokenStorage, ...settings } = store.profile(name);
    const lines = Object.entries(settings).map(([field, value]) => `  ${Object.keys(KEYS).find((k) => KEYS[k]!.field === field) ?? field} = ${shown(value)}`);
    if (token) lines.push(`  token = ${redactToken(token)}`);
    else if (tokenStorage === 'keyring') lines.push('  token = (in the system keyring)');
    ctx.io.out(`[${name}]\n${lines.join('\n')}\n`);
  }
}

import { api, followsBaseUrlRule } from '../../registry/api.js';
import { resolveCredential, type Credential } from '../auth/credential.js';
import { SvcError, ExitCode, InputError } from '../errors.js';
import { NUMERIC_OPTIONS, parseNumericOption } from './numeric-options.js';
import { parseRate, type Rate } from './rate.js';
import type { ProfileSettings, SettingsSource } from './store.js';
import { type NetworkRoute, resolveNetworkRoute } from './network.js';

export interface GlobalOptions {
  baseUrl?: string;
  profile?: string;
  timeout?: string;
  retries?: string;
  debug?: boolean;
  dryRun?: boolean;
  strict?: boolean;
}

export interface Target {
  profile: string;
  baseUrl: string;
  credential: Credential | undefined;
  timeoutMs: number;
  /** Retries of idempotent requests: `--retries`, else the profile's, else 3. */
  retries: number;
  /** Ceiling of the first backoff wait: `SVC_RETRY_BASE_MS`, else the client's default. */
  retryBaseMs: number | undefined;
  /** The proxy (or why none) and the CA store (src/config/network.ts). */
  route: NetworkRoute;
  /** The profile's `rate`: the pace of batch runs and `--paginate` when `--rate` is not given. */
  rate: Rate | undefined;
}

/** More retries than this only delays the failure a script has to handle anyway. */
export const MAX_RETRIES = NUMERIC_OPTIONS.retries.max;

export const profileName = (ctx: SettingsSource, globals: GlobalOptions): string => globals.profile || ctx.env.SERVICE_PROFILE || 'default';

export const LOOPBACK = /^(127(\.\d{1,3}){3}|\[::1\]|localhost)$/i;

/** Checks a base URL: http(s), ending in /v1. Returns it without a trailing slash. */
export function checkBaseUrl(text: string, origin: string): string {
  // Checked before anything else, so that no message below ever prints the password.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(text.trim())) {
    throw new InputError(
      `the base URL from ${origin} holds a user name or password (…//user:password@host): svc sends its credential as a bearer token, so remove them`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`the base URL from ${origin} is not a URL: ${text}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InputError(`the base URL from ${origin} must use https (or http on loopback): ${text}`);
  if (url.username || url.password) throw new InputError(`the base URL from ${origin} holds a user name or password: remove them`);
  if (url.search || url.hash) throw new InputError(`the base URL from ${origin} cannot have a query or fragment: ${text}`);
  const trimmed = url.href.replace(/\/+$/, '');
  if (!followsBaseUrlRule(trimmed))
    throw new InputError(`the base URL from ${origin} must end in ${api.baseUrl.versionSegment}, such as ${api.baseUrl.example}: ${text}`);
  return trimmed;
}

/** Base URL (`--base-url`, `SERVICE_BASE_URL`, the profile's), credential and timeout for a call. */
export async function resolveTarget(ctx: SettingsSource, globals: GlobalOptions, options: { needCredential: boolean }): Promise<Target> {
  const profile = profileName(ctx, globals);
  const timeoutMs = await resolveTimeoutMs(ctx, globals, profile);
  const retries = parseRetries(globals.retries, '--retries') ?? (await profileRetries(ctx, profile)) ?? 3;
  const retryBaseMs = parseRetryBase(ctx.env.SVC_RETRY_BASE_MS);
  const baseUrl = await resolveBaseUrl(ctx, globals, profile);
  const credential = await resolveCredential(ctx, profile);
  if (!credential && options.needCredential) {
    throw new SvcError(`no credential: set SERVICE_API_KEY, or run \`svc auth login\`${profile === 'default' ? '' : ` --profile ${profile}`}`, ExitCode.auth);
  }
  const host = new URL(baseUrl).hostname;
  if (credential && baseUrl.startsWith('http:') && !LOOPBACK.test(host)) {
    throw new InputError(`refusing to send a credential over plain http to ${host}: use https (plain http is allowed to loopback only)`);
  }
  const settings = (await ctx.config()).profile(profile);
  const route = resolveNetworkRoute(ctx, settings, baseUrl);
  const rate = settings.rate === undefined ? undefined : parseRate(settings.rate, `rate of profile "${profile}"`);
  return { profile, baseUrl, credential, timeoutMs, retries, retryBaseMs, route, rate };
}

/** The base URL as given, and where: the first set of `--base-url`, `SERVICE_BASE_URL` and the profile's `base-url`. */
export interface BaseUrlSetting {
  value: string;
  origin: '--base-url' | 'SERVICE_BASE_URL' | 'profile';
}

/**
 * Where the base URL comes from: `--base-url`, else `SERVICE_BASE_URL`, else the profile's, an
 * empty one counting as unset. The one statement of that order, read by every call, `svc auth
 * status` and `svc config list`; the value is as given, not checked.
 */
export function baseUrlSetting(
  env: SettingsSource['env'],
  globals: Pick<GlobalOptions, 'baseUrl'>,
  stored: Pick<ProfileSettings, 'baseUrl'>,
): BaseUrlSetting | undefined {
  if (globals.baseUrl) return { value: globals.baseUrl, origin: '--base-url' };
  if (env.SERVICE_BASE_URL) return { value: env.SERVICE_BASE_URL, origin: 'SERVICE_BASE_URL' };
  if (stored.baseUrl) return { value: stored.baseUrl, origin: 'profile' };
  return undefined;
}

async function resolveBaseUrl(ctx: SettingsSource, globals: GlobalOptions, profile: string): Promise<string> {
  // The settings file is read only when neither the flag nor the environment gives one.
  const setting = baseUrlSetting(ctx.env, globals, {}) ?? baseUrlSetting(ctx.env, globals, (await ctx.config()).profile(profile));
  if (setting) return checkBaseUrl(setting.value, setting.origin === 'profile' ? `profile "${profile}"` : setting.origin);
  throw new InputError(
    `no base URL: pass --base-url https://…/v1, set SERVICE_BASE_URL, or run \`svc config set base-url https://…/v1\`${profile === 'default' ? '' : ` --profile ${profile}`}`,
  );
}

/** `--timeout <seconds>`, in milliseconds (src/config/numeric-options.ts holds the range). */
export function parseTimeout(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Math.round(parseNumericOption(text, NUMERIC_OPTIONS.timeout) * 1000);
}

/** The timeout of a request for `profile`, in milliseconds: `--timeout`, else the profile's, else 30 s. */
export async function resolveTimeoutMs(ctx: SettingsSource, globals: Pick<GlobalOptions, 'timeout'>, profile: string): Promise<number> {
  return parseTimeout(globals.timeout) ?? (await profileTimeout(ctx, profile)) ?? 30_000;
}

async function profileTimeout(ctx: SettingsSource, profile: string): Promise<number | undefined> {
  const seconds = (await ctx.config()).profile(profile).timeout;
  return seconds === undefined ? undefined : Math.round(parseNumericOption(seconds, NUMERIC_OPTIONS.timeout, `timeout of profile "${profile}"`) * 1000);
}

/** `--retries <n>` or a profile's `retries`: a whole number from 0 to MAX_RETRIES. */
export function parseRetries(value: unknown, origin: string): number | undefined {
  return value === undefined ? undefined : parseNumericOption(value, NUMERIC_OPTIONS.retries, origin);
}

async function profileRetries(ctx: SettingsSource, profile: string): Promise<number | undefined> {
  return parseRetries((await ctx.config()).profile(profile).retries, `retries of profile "${profile}"`);
}

function parseRetryBase(text: string | undefined): number | undefined {
  return text === undefined || text === '' ? undefined : parseNumericOption(text, NUMERIC_OPTIONS.retryBaseMs);
}

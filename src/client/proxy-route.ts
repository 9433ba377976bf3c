// Which proxy, if any, a request goes through (issue #14). The decision is made here, once per base
// URL, so that `--debug`, `--dry-run` and `svc auth status` say exactly what the transport does;
// the proxying itself is undici's ProxyAgent (src/client/undici-transport.ts); NO_PROXY is read as
// curl reads it (src/client/no-proxy.ts).
import { matchNoProxy } from './no-proxy.js';

export { matchNoProxy };

/** Where the proxy settings come from: the environment as curl reads it, then the profile. */
export interface ProxySettings {
  /** Variable name (or "profile setting proxy") -> its value, for each variable that is set. */
  env: Record<string, string | undefined>;
  /** The profile's `proxy`, used when no variable applies. */
  profileProxy?: string;
  /** The profile's `no-proxy`, used when neither NO_PROXY nor no_proxy is set. */
  profileNoProxy?: string;
}

/** The way one base URL is reached, in words for `--debug` and `svc auth status`. */
export interface ProxyRoute {
  /** The proxy URL (credentials included) or undefined for a direct connection. */
  proxy?: string;
  /** Where the proxy came from (`HTTPS_PROXY`), or why the connection is direct. */
  reason: string;
}

/** A proxy URL that cannot be used. The message never holds the password. */
export class ProxySettingError extends Error {
  override name = 'ProxySettingError';
}

// curl's order: the lower-case name first (curl reads only http_proxy in lower case; like gh and
// undici, svc also takes HTTP_PROXY), then the scheme-less ALL_PROXY, then svc's own profile setting.
export const PROXY_VARIABLES = {
  'https:': ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'],
} as const;
export const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const;

/** Every environment variable svc reads for proxies, for callers that collect their secrets. */
export const ALL_PROXY_VARIABLES: readonly string[] = [...new Set([...PROXY_VARIABLES['https:'], ...PROXY_VARIABLES['http:']])];

/** Chooses the route for a base URL: a proxy from the environment or the profile, unless NO_PROXY matches. */
export function chooseProxyRoute(baseUrl: string, settings: ProxySettings): ProxyRoute {
  const url = new URL(baseUrl);
  const names = PROXY_VARIABLES[url.protocol as 'https:' | 'http:'] ?? [];
  const fromEnv = names.find((name) => nonEmpty(settings.env[name]));
  const proxy = fromEnv ? settings.env[fromEnv]! : nonEmpty(settings.profileProxy) ? settings.profileProxy! : undefined;
  if (proxy === undefined) return { reason: 'no proxy is set' };
  const source = fromEnv ?? 'the profile setting proxy';
  const checked = checkProxyUrl(proxy, source);
  // curl's choice: the first variable that is set, even to nothing (then nothing bypasses the proxy).
  const noProxyName = NO_PROXY_VARIABLES.find((name) => settings.env[name] !== undefined);
  const noProxy = noProxyName ? settings.env[noProxyName]! : settings.profileNoProxy;
  const entry = noProxy === undefined ? undefined : matchNoProxy(url, noProxy);
  if (entry !== undefined) return { reason: `${noProxyName ?? 'the profile setting no-proxy'} entry "${entry}" matches ${url.host}, so ${source} is bypassed` };
  return { proxy: checked, reason: source };
}

const nonEmpty = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/**
 * Checks a proxy URL and returns it in full form: http or https, a host, no path. A value without
 * a scheme (`proxy.corp:3128`) means http, as curl reads it.
 */
export function checkProxyUrl(text: string, source: string): string {
  const trimmed = text.trim();
  const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    throw new ProxySettingError(`${source} is not a proxy URL: ${redactProxyUrl(trimmed)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxySettingError(`${source} must be an http:// or https:// proxy URL, not ${url.protocol}//`);
  if (url.hostname === '') throw new ProxySettingError(`${source} names no host: ${redactProxyUrl(trimmed)}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) throw new ProxySettingError(`${source} cannot have a path or query: ${redactProxyUrl(url.href)}`);
  // undici percent-decodes both for the Basic credentials, and throws "URI malformed" at the first request.
  if (safeDecode(url.username) === undefined || safeDecode(url.password) === undefined) {
    throw new ProxySettingError(`${source} has a % in its user name or password that is not a %XX escape of UTF-8 (write a % itself as %25): ${redactProxyUrl(trimmed)}`);
  }
  return url.href.replace(/\/$/, '');
}

/** A proxy URL as svc prints it: the password replaced by stars, the user name kept. */
export function redactProxyUrl(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^/@:]*):([^/@]*)@/i, (_, scheme: string | undefined, user: string) => `${scheme ?? ''}${user}:****@`);
}

/**
 * The forms in which a proxy URL's password could be printed: as written, percent-decoded, and
 * inside the Basic credentials undici sends (`user:password` in base64). Empty when there is none.
 */
export function proxySecrets(text: string | undefined): string[] {
  const match = text === undefined ? null : /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/@:]*):([^/@]+)@/i.exec(text.trim());
  if (!match) return [];
  const [, user, password] = match as unknown as [string, string, string];
  const decoded = safeDecode(password) ?? password;
  return [...new Set([password, decoded, Buffer.from(`${safeDecode(user) ?? user}:${decoded}`).toString('base64')])];
}

/** The text percent-decoded, or undefined when it holds a % that is not an escape of UTF-8. */
function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

// Which proxy, if any, a request goes through: a choice among settings, the environment's
// variables then the profile's. The decision is made here, once per base URL, so that `--debug`,
// `--dry-run` and `svc auth status` say exactly what the transport does; the proxying itself is
// undici's ProxyAgent (src/client/undici-transport.ts); NO_PROXY is read as curl reads it
// (src/config/no-proxy.ts); a proxy URL is checked and redacted by src/proxy-url.ts.
import { checkProxyUrl } from '../proxy-url.js';
import { matchNoProxy } from './no-proxy.js';

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

// curl's order: the lower-case name first (curl reads only http_proxy in lower case; like gh and
// undici, svc also takes HTTP_PROXY), then the scheme-less ALL_PROXY, then svc's own profile setting.
export const PROXY_VARIABLES = {
  'https:': ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'],
} as const;
export const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const;

/** Every environment variable svc reads for proxies, for callers that collect their secrets. */
export const ALL_PROXY_VARIABLES: readonly string[] = [...new Set([...PROXY_VARIABLES['https:'], ...PROXY_VARIABLES['http:']])];

/** One setting as a call reads it: its value, and the variable it came from (none: the profile's). */
export interface SettingRead {
  value: string;
  variable?: string;
}

/** The proxy for a scheme: the first variable set to something, else the profile's `proxy`. */
export function proxySetting(protocol: string, settings: ProxySettings): SettingRead | undefined {
  const variable = (PROXY_VARIABLES[protocol as keyof typeof PROXY_VARIABLES] ?? []).find((name) => nonEmpty(settings.env[name]));
  if (variable) return { value: settings.env[variable]!, variable };
  return nonEmpty(settings.profileProxy) ? { value: settings.profileProxy! } : undefined;
}

/** NO_PROXY as curl reads it: the first variable that is set, even to nothing (then nothing bypasses the proxy), else the profile's `no-proxy`. */
export function noProxySetting(settings: ProxySettings): SettingRead | undefined {
  const variable = NO_PROXY_VARIABLES.find((name) => settings.env[name] !== undefined);
  if (variable) return { value: settings.env[variable]!, variable };
  return settings.profileNoProxy === undefined ? undefined : { value: settings.profileNoProxy };
}

/** Chooses the route for a base URL: a proxy from the environment or the profile, unless NO_PROXY matches. */
export function chooseProxyRoute(baseUrl: string, settings: ProxySettings): ProxyRoute {
  const url = new URL(baseUrl);
  const proxy = proxySetting(url.protocol, settings);
  if (proxy === undefined) return { reason: 'no proxy is set' };
  const source = proxy.variable ?? 'the profile setting proxy';
  const checked = checkProxyUrl(proxy.value, source);
  const noProxy = noProxySetting(settings);
  const entry = noProxy === undefined ? undefined : matchNoProxy(url, noProxy.value);
  if (entry !== undefined)
    return { reason: `${noProxy!.variable ?? 'the profile setting no-proxy'} entry "${entry}" matches ${url.host}, so ${source} is bypassed` };
  return { proxy: checked, reason: source };
}

const nonEmpty = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

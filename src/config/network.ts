// The network route of a call: proxy (environment, then profile) and the CA store.
import { InputError } from '../errors.js';
import { ProxySettingError } from '../proxy-url.js';
import { chooseProxyRoute, type ProxyRoute } from './proxy-route.js';
import type { ProfileSettings, SettingsSource } from './store.js';

export interface NetworkRoute extends ProxyRoute {
  /** Trust the operating system's store too: the profile's `system-ca`. */
  systemCa: boolean;
}

/** The route to a base URL for this profile; a proxy URL that cannot be used is refused input (exit 2). */
export function resolveNetworkRoute(ctx: Pick<SettingsSource, 'env'>, settings: ProfileSettings, baseUrl: string): NetworkRoute {
  try {
    const route = chooseProxyRoute(baseUrl, { env: ctx.env, profileProxy: settings.proxy, profileNoProxy: settings.noProxy });
    return { ...route, systemCa: settings.systemCa === true };
  } catch (error) {
    if (error instanceof ProxySettingError) throw new InputError(error.message);
    throw error;
  }
}

/**
 * Whether TLS trusts the system's CA store too, and why: the profile's `system-ca`, or Node's own
 * NODE_USE_SYSTEM_CA=1 / NODE_OPTIONS=--use-system-ca, which Node obeys whatever the profile says.
 * Undefined when nothing sets it (then it is off).
 */
export function systemCaSetting(
  env: Record<string, string | undefined>,
  profileSystemCa: boolean | undefined,
): { value: boolean; variable?: string } | undefined {
  if (profileSystemCa === true) return { value: true };
  if (env.NODE_USE_SYSTEM_CA === '1') return { value: true, variable: 'NODE_USE_SYSTEM_CA' };
  if (/(^|\s)--use-system-ca(\s|$)/.test(env.NODE_OPTIONS ?? '')) return { value: true, variable: 'NODE_OPTIONS' };
  return profileSystemCa === false ? { value: false } : undefined;
}

/** Which CAs verify TLS, in words for `svc auth status`. */
export function describeTrust(env: Record<string, string | undefined>, profileSystemCa: boolean | undefined): string {
  const parts = ["Node's bundled CAs"];
  if (env.NODE_EXTRA_CA_CERTS) parts.push(`extra CAs from NODE_EXTRA_CA_CERTS=${env.NODE_EXTRA_CA_CERTS}`);
  const systemCa = systemCaSetting(env, profileSystemCa);
  if (systemCa?.value)
    parts.push(
      `the system store (${systemCa.variable === 'NODE_OPTIONS' ? 'NODE_OPTIONS=--use-system-ca' : (systemCa.variable ?? 'profile setting system-ca')})`,
    );
  return parts.join(' + ');
}

// The network route of a call: proxy (environment, then profile) and the CA store (issue #14).
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

/** Which CAs verify TLS, in words for `svc auth status`. */
export function describeTrust(env: Record<string, string | undefined>, systemCa: boolean): string {
  const parts = ["Node's bundled CAs"];
  if (env.NODE_EXTRA_CA_CERTS) parts.push(`extra CAs from NODE_EXTRA_CA_CERTS=${env.NODE_EXTRA_CA_CERTS}`);
  if (systemCa) parts.push('the system store (profile setting system-ca)');
  else if (env.NODE_USE_SYSTEM_CA === '1' || /--use-system-ca\b/.test(env.NODE_OPTIONS ?? ''))
    parts.push('the system store (NODE_USE_SYSTEM_CA / --use-system-ca)');
  return parts.join(' + ');
}

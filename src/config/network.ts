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

/** What of the runtime decides TLS trust: `process`, or a test's stand-in. */
export interface TrustRuntime {
  versions: Readonly<Record<string, string | undefined>>;
  platform: string;
}

/** Why the system store is trusted when the runtime itself looks there: the standalone binary's Bun. */
export const STANDALONE_BINARY = 'standalone binary';

/**
 * Whether the runtime looks certificates up in the system's store whatever svc is told. Bun does,
 * and it runs svc only as the standalone binary: its TLS reads the OpenSSL certificate file and
 * folder (SSL_CERT_FILE and SSL_CERT_DIR; /etc/ssl/cert.pem and /etc/ssl/certs by default) besides
 * its bundled list, on Linux and macOS. Only a CA list of svc's own, parsed again at every start
 * (about 5 ms of CPU a call), would stop it: the install guide says so, and svc says it is on.
 */
const runtimeReadsSystemStore = (runtime: TrustRuntime): boolean => runtime.versions.bun !== undefined && runtime.platform !== 'win32';

/**
 * Whether TLS trusts the system's CA store too, and why: the standalone binary's runtime (always),
 * the profile's `system-ca`, or NODE_USE_SYSTEM_CA=1 (which Node and Bun obey whatever the profile
 * says) or NODE_OPTIONS=--use-system-ca (Node's alone). Undefined when nothing sets it (then it is off).
 */
export function systemCaSetting(
  env: Record<string, string | undefined>,
  profileSystemCa: boolean | undefined,
  runtime: TrustRuntime = process,
): { value: boolean; variable?: string } | undefined {
  if (runtimeReadsSystemStore(runtime)) return { value: true, variable: STANDALONE_BINARY };
  if (profileSystemCa === true) return { value: true };
  if (env.NODE_USE_SYSTEM_CA === '1') return { value: true, variable: 'NODE_USE_SYSTEM_CA' };
  // NODE_OPTIONS is Node's alone: Bun does not read it.
  if (runtime.versions.bun === undefined && /(^|\s)--use-system-ca(\s|$)/.test(env.NODE_OPTIONS ?? '')) return { value: true, variable: 'NODE_OPTIONS' };
  return profileSystemCa === false ? { value: false } : undefined;
}

/** Which CAs verify TLS, in words for `svc auth status`. */
export function describeTrust(env: Record<string, string | undefined>, profileSystemCa: boolean | undefined, runtime: TrustRuntime = process): string {
  const parts = [runtime.versions.bun !== undefined ? "Bun's bundled CAs" : "Node's bundled CAs"];
  if (env.NODE_EXTRA_CA_CERTS) parts.push(`extra CAs from NODE_EXTRA_CA_CERTS=${env.NODE_EXTRA_CA_CERTS}`);
  const systemCa = systemCaSetting(env, profileSystemCa, runtime);
  if (systemCa?.value) parts.push(`the system store (${systemCaReason(systemCa.variable)})`);
  return parts.join(' + ');
}

function systemCaReason(variable: string | undefined): string {
  if (variable === STANDALONE_BINARY) return 'the standalone binary always reads it';
  if (variable === 'NODE_OPTIONS') return 'NODE_OPTIONS=--use-system-ca';
  return variable ?? 'profile setting system-ca';
}

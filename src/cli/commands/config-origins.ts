import { redactToken } from '../../auth/credential.js';
import { systemCaSetting } from '../../config/network.js';
import { noProxySetting, proxySetting, type SettingRead } from '../../config/proxy-route.js';
import { redactProxyUrl } from '../../proxy-url.js';
import type { ConfigStore } from '../../config/store.js';
import { baseUrlSetting, type GlobalOptions, MAX_RETRIES } from '../../config/target.js';

/** One setting as a call would use it, and where that value comes from (`aws configure list`, `git config --show-origin`). */
export interface SettingOrigin {
  name: string;
  value: string;
  origin: string;
}

const NOT_SET = '(not set)';

/**
 * The settings a call made now would use, each with its origin: a flag, the environment, the
 * profile (in the config file) or svc's default. Read without checking, so a broken value is shown
 * as it is rather than hiding the rest; secrets are masked (a proxy's password, the token).
 */
export function settingOrigins(env: Record<string, string | undefined>, globals: GlobalOptions, store: ConfigStore): SettingOrigin[] {
  const [profile, profileFrom] = globals.profile
    ? [globals.profile, '--profile']
    : env.SERVICE_PROFILE
      ? [env.SERVICE_PROFILE, 'SERVICE_PROFILE']
      : ['default', 'default'];
  const stored = store.profile(profile);
  const inProfile = `profile "${profile}" (${store.path})`;
  const pick = (...candidates: [unknown, string][]): [string, string] => {
    const found = candidates.find(([value]) => value !== undefined && value !== '');
    return found ? [String(found[0]), found[1]] : [NOT_SET, ''];
  };
  const row = (name: string, [value, origin]: [string, string]): SettingOrigin => ({ name, value, origin });
  const base = baseUrlSetting(env, globals, stored);
  const baseUrl: [string, string] = base ? [base.value, base.origin === 'profile' ? inProfile : base.origin] : [NOT_SET, ''];
  // Proxy, no-proxy and system-ca are read by the functions a call reads them with, so the two cannot disagree.
  const network = { env, profileProxy: stored.proxy, profileNoProxy: stored.noProxy };
  const read = (setting: SettingRead | undefined): [string, string] =>
    setting === undefined ? [NOT_SET, ''] : [setting.value === '' ? '(empty)' : setting.value, setting.variable ?? inProfile];
  const proxy = read(proxySetting(baseUrl[0].startsWith('http:') ? 'http:' : 'https:', network));
  const systemCa = systemCaSetting(env, stored.systemCa);
  return [
    row('profile', [profile, profileFrom]),
    row('base-url', baseUrl),
    row('timeout', pick([globals.timeout, '--timeout'], [stored.timeout, inProfile], [30, 'default'])),
    row('retries', pick([globals.retries, '--retries'], [stored.retries, inProfile], [3, `default (at most ${MAX_RETRIES})`])),
    row('proxy', [proxy[0] === NOT_SET ? NOT_SET : redactProxyUrl(proxy[0]), proxy[1]]),
    row('no-proxy', read(noProxySetting(network))),
    row('system-ca', systemCa === undefined ? ['false', 'default'] : [String(systemCa.value), systemCa.variable ?? inProfile]),
    row('rate', pick([stored.rate, inProfile], ['none', 'default'])),
    row('credential', credentialOrigin(env, stored, inProfile)),
  ];
}

function credentialOrigin(env: Record<string, string | undefined>, stored: { token?: string; tokenStorage?: string }, inProfile: string): [string, string] {
  if (env.SERVICE_API_KEY) return [redactToken(env.SERVICE_API_KEY), 'SERVICE_API_KEY'];
  if (stored.token) return [redactToken(stored.token), `${inProfile}, in plain text`];
  if (stored.tokenStorage === 'keyring') return ['(in the system keyring)', inProfile.replace(/ \(.*\)$/, ', in the system keyring')];
  return [NOT_SET, ''];
}

/** The rows as an aligned table: NAME, VALUE, SOURCE. */
export function formatOrigins(rows: SettingOrigin[]): string {
  const all = [{ name: 'NAME', value: 'VALUE', origin: 'SOURCE' }, ...rows];
  const nameWidth = Math.max(...all.map((r) => r.name.length));
  const valueWidth = Math.max(...all.map((r) => r.value.length));
  return all.map((r) => `${r.name.padEnd(nameWidth)}  ${r.origin ? `${r.value.padEnd(valueWidth)}  ${r.origin}` : r.value}\n`).join('');
}

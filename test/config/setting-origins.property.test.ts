import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingOrigins } from '../../src/cli/commands/config-origins.js';
import { describeTrust, systemCaSetting } from '../../src/config/network.js';
import { matchNoProxy } from '../../src/config/no-proxy.js';
import { chooseProxyRoute } from '../../src/config/proxy-route.js';
import type { ConfigStore, ProfileSettings } from '../../src/config/store.js';
import { redactProxyUrl } from '../../src/proxy-url.js';

// `svc config list` says where each setting comes from; a call reads the same settings to choose its
// route. Whatever the environment and the profile hold, the two must tell the same story.

const PATH = '/home/u/.config/svc/config.json';
const IN_PROFILE = `profile "default" (${PATH})`;
const storeWith = (settings: ProfileSettings) => ({ path: PATH, profile: () => settings }) as unknown as ConfigStore;
const originsOf = (env: Record<string, string | undefined>, baseUrl: string, settings: ProfileSettings) =>
  Object.fromEntries(settingOrigins(env, { baseUrl }, storeWith(settings)).map((row) => [row.name, row]));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const proxyValue = (name: string) => maybe(fc.constantFrom('', ' ', `http://${name.toLowerCase().replace('_', '-')}.example:3128`));
const noProxyValue = maybe(fc.constantFrom('', 'api.example.com', '127.0.0.1', 'other.org', '*'));
const variables = fc.record({
  https_proxy: proxyValue('https_proxy'),
  HTTPS_PROXY: proxyValue('HTTPS_PROXY'),
  http_proxy: proxyValue('http_proxy'),
  HTTP_PROXY: proxyValue('HTTP_PROXY'),
  all_proxy: proxyValue('all_proxy'),
  ALL_PROXY: proxyValue('ALL_PROXY'),
  no_proxy: noProxyValue,
  NO_PROXY: noProxyValue,
  NODE_USE_SYSTEM_CA: maybe(fc.constantFrom('1', '0', '')),
  NODE_OPTIONS: maybe(fc.constantFrom('--use-system-ca', '--max-old-space-size=64 --use-system-ca', '--use-system-ca-x', '--max-old-space-size=64')),
});
const profile = fc.record({
  proxy: maybe(fc.constantFrom('http://profile.example:3128', 'http://user:pw@profile.example:3128')),
  noProxy: noProxyValue,
  systemCa: maybe(fc.boolean()),
});
const baseUrl = fc.constantFrom('https://api.example.com/v1', 'http://127.0.0.1:9/v1');
const sourceOf = (variableOrProfile: string) => (variableOrProfile.startsWith('the profile setting') ? IN_PROFILE : variableOrProfile);

describe('svc config list and a call read proxy, no-proxy and system-ca alike', () => {
  it('the proxy row names what the route uses, and the no-proxy row the list that decides the bypass', () => {
    fc.assert(
      fc.property(variables, profile, baseUrl, (env, settings, base) => {
        const route = chooseProxyRoute(base, { env, profileProxy: settings.proxy, profileNoProxy: settings.noProxy });
        const rows = originsOf(env, base, settings);
        const bypassed = /^(.+) entry "(.*)" matches .+, so (.+) is bypassed$/.exec(route.reason);
        if (route.proxy !== undefined) {
          expect([rows.proxy!.value, rows.proxy!.origin]).toEqual([redactProxyUrl(route.proxy), sourceOf(route.reason)]);
        } else if (bypassed) {
          expect(rows.proxy!.origin).toBe(sourceOf(bypassed[3]!));
          expect(rows['no-proxy']!.origin).toBe(sourceOf(bypassed[1]!));
        } else {
          expect(route.reason).toBe('no proxy is set');
          expect(rows.proxy!.value).toBe('(not set)');
        }
        if (route.proxy === undefined && !bypassed) return;
        // The list shown decides the bypass exactly as the call decided it.
        const shown = rows['no-proxy']!.value;
        const list = shown === '(not set)' ? undefined : shown === '(empty)' ? '' : shown;
        expect(list !== undefined && matchNoProxy(new URL(base), list) !== undefined).toBe(bypassed !== null);
      }),
      { numRuns: 400 },
    );
  });

  it('system-ca is true exactly when TLS trusts the system store, and names what made it so', () => {
    fc.assert(
      fc.property(variables, profile, (env, settings) => {
        const row = originsOf(env, 'https://api.example.com/v1', settings)['system-ca']!;
        const trust = describeTrust(env, settings.systemCa);
        expect(row.value).toBe(String(trust.includes('the system store')));
        if (row.value === 'true') expect(trust).toContain(row.origin === IN_PROFILE ? 'profile setting system-ca' : row.origin);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['NO_PROXY set to nothing outranks the profile: nothing is bypassed', { NO_PROXY: '' }, { noProxy: '127.0.0.1' }, 'no-proxy', ['(empty)', 'NO_PROXY']],
    ['no_proxy is read before NO_PROXY', { no_proxy: 'a.example', NO_PROXY: 'b.example' }, {}, 'no-proxy', ['a.example', 'no_proxy']],
    ['NODE_USE_SYSTEM_CA=1 wins over a profile that says false', { NODE_USE_SYSTEM_CA: '1' }, { systemCa: false }, 'system-ca', ['true', 'NODE_USE_SYSTEM_CA']],
    ['--use-system-ca in NODE_OPTIONS', { NODE_OPTIONS: '--use-system-ca' }, {}, 'system-ca', ['true', 'NODE_OPTIONS']],
    ['a profile that says false, and nothing else', {}, { systemCa: false }, 'system-ca', ['false', IN_PROFILE]],
    ['nothing set', {}, {}, 'system-ca', ['false', 'default']],
  ] as const)('%s', (_what, env, settings, name, [value, origin]) => {
    expect(originsOf(env, 'http://127.0.0.1:9/v1', settings)[name]).toEqual({ name, value, origin });
  });
});

// The standalone binary runs on Bun, whose TLS reads the system's OpenSSL store whatever svc is told
// (test/e2e/proxy/system-store.test.ts shows it): there, system-ca is on, and says why.
describe('the trust of the runtime svc runs on', () => {
  const bun = (platform: string) => ({ versions: { node: '24.3.0', bun: '1.4.5' }, platform });
  const node = { versions: { node: '24.21.0' }, platform: 'linux' };

  it.each([
    ['Bun on Linux, nothing set', {}, undefined, bun('linux'), { value: true, variable: 'standalone binary' }],
    ['Bun on macOS, the profile saying false', {}, false, bun('darwin'), { value: true, variable: 'standalone binary' }],
    ['Bun on Windows, which reads no such store, nothing set', {}, undefined, bun('win32'), undefined],
    ['Bun on Windows, NODE_USE_SYSTEM_CA=1', { NODE_USE_SYSTEM_CA: '1' }, undefined, bun('win32'), { value: true, variable: 'NODE_USE_SYSTEM_CA' }],
    ['Bun on Windows, NODE_OPTIONS=--use-system-ca, which Bun does not read', { NODE_OPTIONS: '--use-system-ca' }, undefined, bun('win32'), undefined],
    ['Node, nothing set', {}, undefined, node, undefined],
    ['Node, NODE_OPTIONS=--use-system-ca', { NODE_OPTIONS: '--use-system-ca' }, undefined, node, { value: true, variable: 'NODE_OPTIONS' }],
  ] as const)('%s', (_what, env, profile, runtime, setting) => {
    expect(systemCaSetting(env, profile, runtime)).toEqual(setting);
  });

  it('auth status names the runtime whose bundled list is trusted, and why the store is', () => {
    expect(describeTrust({}, undefined, bun('linux'))).toBe("Bun's bundled CAs + the system store (the standalone binary always reads it)");
    expect(describeTrust({ NODE_EXTRA_CA_CERTS: '/ca.pem' }, true, bun('win32'))).toBe(
      "Bun's bundled CAs + extra CAs from NODE_EXTRA_CA_CERTS=/ca.pem + the system store (profile setting system-ca)",
    );
    expect(describeTrust({}, undefined, node)).toBe("Node's bundled CAs");
  });
});

import { describe, expect, it } from 'vitest';
import { chooseProxyRoute } from '../../src/config/proxy-route.js';
import { checkProxyUrl, proxySecrets, redactProxyUrl } from '../../src/proxy-url.js';

const P = 'http://proxy.corp:3128';

describe('which variable names the proxy (curl: lower case first, then ALL_PROXY, then the profile)', () => {
  it.each([
    ['https://api.example.com/v1', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' }, 'http://lower:1', 'https_proxy'],
    ['https://api.example.com/v1', { HTTPS_PROXY: 'http://upper:1', HTTP_PROXY: 'http://plain:1' }, 'http://upper:1', 'HTTPS_PROXY'],
    ['https://api.example.com/v1', { HTTP_PROXY: 'http://plain:1' }, undefined, 'no proxy is set'],
    ['http://127.0.0.1:4010/v1', { http_proxy: 'http://lower:1', HTTP_PROXY: 'http://upper:1', HTTPS_PROXY: 'http://s:1' }, 'http://lower:1', 'http_proxy'],
    ['https://api.example.com/v1', { ALL_PROXY: 'http://all:1' }, 'http://all:1', 'ALL_PROXY'],
    ['https://api.example.com/v1', { https_proxy: '', HTTPS_PROXY: 'http://upper:1' }, 'http://upper:1', 'HTTPS_PROXY'],
    ['https://api.example.com/v1', {}, undefined, 'no proxy is set'],
  ])('%s with %j goes through %s (%s)', (base, env, proxy, reason) => {
    expect(chooseProxyRoute(base, { env })).toEqual(proxy ? { proxy, reason } : { reason });
  });

  it('the profile setting applies only when no variable does, and NO_PROXY bypasses it too', () => {
    expect(chooseProxyRoute('https://a.example/v1', { env: {}, profileProxy: P })).toEqual({ proxy: P, reason: 'the profile setting proxy' });
    expect(chooseProxyRoute('https://a.example/v1', { env: { HTTPS_PROXY: 'http://env:1' }, profileProxy: P }).proxy).toBe('http://env:1');
    expect(chooseProxyRoute('https://a.example/v1', { env: { NO_PROXY: 'example' }, profileProxy: P }).proxy).toBeUndefined();
    expect(chooseProxyRoute('https://a.example/v1', { env: {}, profileProxy: P, profileNoProxy: '.example' }).reason).toMatch(
      /^the profile setting no-proxy entry/,
    );
    expect(chooseProxyRoute('https://a.example/v1', { env: { NO_PROXY: 'other' }, profileProxy: P, profileNoProxy: '.example' }).proxy).toBe(P);
  });
});

describe('which NO_PROXY variable applies (curl: the first that is set, even to nothing)', () => {
  it.each([
    [{ no_proxy: '', NO_PROXY: 'example.com' }, P],
    [{ no_proxy: 'example.com', NO_PROXY: 'other.org' }, undefined],
    [{ NO_PROXY: 'example.com' }, undefined],
    [{ NO_PROXY: '' }, P],
  ])('%j: proxy %s', (noProxy, proxy) => {
    expect(chooseProxyRoute('https://api.example.com/v1', { env: { HTTPS_PROXY: P, ...noProxy } }).proxy).toBe(proxy);
  });

  it('the reason names the variable and the entry', () => {
    expect(chooseProxyRoute('https://api.example.com/v1', { env: { HTTPS_PROXY: P, no_proxy: 'other.org,example.com' } }).reason).toBe(
      'no_proxy entry "example.com" matches api.example.com, so HTTPS_PROXY is bypassed',
    );
  });
});

describe('proxy URLs', () => {
  it('a URL without a scheme is http; only http and https proxies with no path are taken', () => {
    expect(checkProxyUrl('proxy.corp:3128', 'HTTPS_PROXY')).toBe('http://proxy.corp:3128');
    expect(checkProxyUrl('https://u:p@proxy.corp:443/', 'HTTPS_PROXY')).toBe('https://u:p@proxy.corp');
    expect(() => checkProxyUrl('socks5://proxy:1080', 'ALL_PROXY')).toThrow('ALL_PROXY must be an http:// or https:// proxy URL, not socks5://');
    expect(() => checkProxyUrl('http://u:Secret99@proxy:3128/path', 'HTTPS_PROXY')).toThrow(
      'HTTPS_PROXY cannot have a path or query: http://u:****@proxy:3128/path',
    );
    expect(() => checkProxyUrl('http://u:Secret99@[bad', 'HTTPS_PROXY')).toThrow(/^HTTPS_PROXY is not a proxy URL: http:\/\/u:\*\*\*\*@\[bad$/);
  });

  it('a user name or password with a % that is not an escape of UTF-8 is refused at once, the password masked', () => {
    const refused = 'has a % in its user name or password that is not a %XX escape of UTF-8 (write a % itself as %25)';
    expect(() => checkProxyUrl('http://u:50%off@proxy:3128', 'HTTPS_PROXY')).toThrow(`HTTPS_PROXY ${refused}: http://u:****@proxy:3128`);
    expect(() => checkProxyUrl('u:Secret%ff@proxy:3128', 'proxy')).toThrow(`proxy ${refused}: u:****@proxy:3128`);
    expect(() => checkProxyUrl('http://al%zz:pw@proxy:3128', 'HTTPS_PROXY')).toThrow(`HTTPS_PROXY ${refused}: http://al%zz:****@proxy:3128`);
    expect(checkProxyUrl('http://u:50%25off%C3%A9@proxy:3128', 'HTTPS_PROXY')).toBe('http://u:50%25off%C3%A9@proxy:3128');
  });

  it('the password is masked whole, with or without a scheme', () => {
    expect(redactProxyUrl('http://user:pa%40ss@proxy:3128')).toBe('http://user:****@proxy:3128');
    expect(redactProxyUrl('user:pass@proxy:3128')).toBe('user:****@proxy:3128');
    expect(redactProxyUrl('http://proxy:3128')).toBe('http://proxy:3128');
  });

  it('its secrets are the password as written, decoded, and in the Basic credentials', () => {
    expect(proxySecrets('http://user:pa%40ss@proxy:3128')).toEqual(['pa%40ss', 'pa@ss', Buffer.from('user:pa@ss').toString('base64')]);
    expect(proxySecrets('http://user@proxy:3128')).toEqual([]);
    expect(proxySecrets(undefined)).toEqual([]);
  });
});

// A proxy URL's hygiene, below every layer: the settings check it (src/config/proxy-route.ts,
// `svc config set proxy`), and the client's connection errors and the output doors redact it.

/** A proxy URL that cannot be used. The message never holds the password. */
export class ProxySettingError extends Error {
  override name = 'ProxySettingError';
}

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
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxySettingError(`${source} must be an http:// or https:// proxy URL, not ${url.protocol}//`);
  if (url.hostname === '') throw new ProxySettingError(`${source} names no host: ${redactProxyUrl(trimmed)}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new ProxySettingError(`${source} cannot have a path or query: ${redactProxyUrl(url.href)}`);
  // undici percent-decodes both for the Basic credentials, and throws "URI malformed" at the first request.
  if (safeDecode(url.username) === undefined || safeDecode(url.password) === undefined) {
    throw new ProxySettingError(
      `${source} has a % in its user name or password that is not a %XX escape of UTF-8 (write a % itself as %25): ${redactProxyUrl(trimmed)}`,
    );
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

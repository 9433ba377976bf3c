// Certificate and proxy failures, each said in one line that names the host, the reason and the
// way out. Neither is retried: another attempt meets the same certificate or proxy.
import { redactProxyUrl } from '../proxy-url.js';
import { TransportError } from './transport.js';

/**
 * The standalone binary's Bun reads the system store whatever svc is told (src/config/network.ts),
 * so `svc config set system-ca true` would change nothing there: it names the store itself.
 */
const READS_SYSTEM_STORE = process.versions.bun !== undefined && process.platform !== 'win32';
const TRUST_PRIVATE_CA = `if a private CA signed it, point NODE_EXTRA_CA_CERTS at that CA (NODE_EXTRA_CA_CERTS=/path/ca.pem) or ${
  READS_SYSTEM_STORE
    ? 'add it to the system store, which the standalone binary reads (or SSL_CERT_FILE=/path/ca.pem)'
    : 'use the system store (`svc config set system-ca true`)'
}`;

/** OpenSSL's verification codes (and Node's host name check), in words. */
const CERTIFICATE_PROBLEMS: Record<string, { reason: string; hint: string }> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { reason: 'it is signed by an unknown authority', hint: TRUST_PRIVATE_CA },
  UNABLE_TO_GET_ISSUER_CERT: { reason: 'it is signed by an unknown authority', hint: TRUST_PRIVATE_CA },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { reason: 'it is signed by an unknown authority', hint: TRUST_PRIVATE_CA },
  SELF_SIGNED_CERT_IN_CHAIN: { reason: 'its chain ends in a self-signed CA that is not trusted', hint: TRUST_PRIVATE_CA },
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    reason: 'it is self-signed',
    hint: 'trust it with NODE_EXTRA_CA_CERTS=/path/cert.pem, or give the server a certificate from a trusted CA',
  },
  CERT_HAS_EXPIRED: { reason: 'it has expired', hint: "the server needs a new certificate (or this machine's clock is wrong)" },
  CERT_NOT_YET_VALID: { reason: 'it is not valid yet', hint: "check this machine's clock" },
  CERT_REVOKED: { reason: 'it has been revoked', hint: 'the server needs a new certificate' },
  CERT_SIGNATURE_FAILURE: { reason: 'its signature is invalid', hint: 'the server needs a valid certificate' },
  ERR_TLS_CERT_ALTNAME_INVALID: { reason: 'it is for another host name', hint: 'check the host name in the base URL' },
};

interface ErrorShape {
  code?: string;
  message?: string;
  cert?: { subjectaltname?: string };
  name?: string;
  cause?: ErrorShape;
}

/** The certificate failure in an undici error (directly, or wrapped by the proxy agent), if any. */
export function certificateFailure(error: ErrorShape, host: string): TransportError | undefined {
  const failure = [error, error.cause].find((e) => e?.code !== undefined && Object.hasOwn(CERTIFICATE_PROBLEMS, e.code));
  if (!failure) return undefined;
  const { reason, hint } = CERTIFICATE_PROBLEMS[failure.code!]!;
  const names = failure.code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? failure.cert?.subjectaltname : undefined;
  return new TransportError('tls', `the TLS certificate of ${host} is not trusted: ${reason}${names ? ` (${names})` : ''} [${failure.code}]; ${hint}`, false);
}

/** Codes of a connection that could not be opened at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Set on an error met while the proxy was asked for a tunnel (src/client/proxy-agent.ts). */
const TUNNEL_FAILURE = Symbol('svc: failed while asking the proxy for a tunnel');

/** Marks an error as met while asking the proxy for a tunnel: then nothing reached the API. */
export function markTunnelFailure(error: unknown): unknown {
  if (error !== null && typeof error === 'object') Object.defineProperty(error, TUNNEL_FAILURE, { value: true });
  return error;
}

const inTunnelRequest = (error: ErrorShape): boolean => [error, error.cause].some((e) => e !== null && typeof e === 'object' && TUNNEL_FAILURE in e);

/** `the proxy at HOST:PORT`: how every failure involving a proxy names it, its credentials left out. */
export const theProxy = (proxy: string): string => `the proxy at ${new URL(proxy).host}`;

/**
 * A failure of the proxy rather than of the API: it could not be reached, refused the credentials
 * (407), could not open a tunnel to the API, or failed while asked for one (closed the connection,
 * answered half a status line or something that is not HTTP). Only for requests that went
 * through a proxy. In each case nothing reached the API, so each is retried as a refused connection is.
 */
export function proxyFailure(error: ErrorShape, proxy: string, host: string): TransportError | undefined {
  const code = error.code ?? error.cause?.code ?? '';
  const notContacted = '; nothing reached the API';
  if (UNREACHABLE.has(code)) return new TransportError('proxy', `could not reach ${theProxy(proxy)} (${code}); the API at ${host} was not contacted`, false);
  const status = proxyStatus(error.message ?? '');
  // A CONNECT never reaches the API, so a 401 to it is the proxy's too (tinyproxy answers wrong credentials so).
  if (status === 407 || status === 401) return proxyAuthFailure(proxy);
  if (status !== undefined)
    return new TransportError('proxy', `${theProxy(proxy)} could not open a tunnel to ${host} (it answered HTTP ${status})${notContacted}`, false);
  if (!inTunnelRequest(error)) return undefined;
  const cause = error.code === 'UND_ERR_PRX_CONN' && error.cause ? error.cause : error;
  const causeCode = cause.code ?? '';
  if (cause.name === 'HTTPParserError' || causeCode.startsWith('HPE_')) {
    return new TransportError(
      'proxy',
      `${theProxy(proxy)} answered the CONNECT to ${host} with something that is not HTTP (${cause.message ?? causeCode})${notContacted}`,
      false,
    );
  }
  if (causeCode === 'UND_ERR_SOCKET' || causeCode === 'ECONNRESET' || causeCode === 'EPIPE' || code === 'UND_ERR_PRX_CONN') {
    return new TransportError('proxy', `${theProxy(proxy)} closed the connection before it answered the CONNECT to ${host}${notContacted}`, false);
  }
  return new TransportError('proxy', `${theProxy(proxy)} failed while opening a tunnel to ${host} (${cause.message ?? causeCode})${notContacted}`, false);
}

/**
 * Whether an answer to a request forwarded by a proxy (plain http) is the proxy refusing the
 * credentials: a 407, or a 401 that asks for Basic credentials, which the API (bearer tokens only)
 * never does and tinyproxy does for a wrong proxy password.
 */
export function isProxyRefusal(status: number, headers: Record<string, string>): boolean {
  return status === 407 || (status === 401 && /^\s*basic\b/i.test(headers['www-authenticate'] ?? ''));
}

/** The proxy's 407: its own line, not an API error. */
export function proxyAuthFailure(proxy: string): TransportError {
  const url = new URL(proxy);
  const message = url.username
    ? `${theProxy(proxy)} refused the credentials (HTTP 407); check the user name and password in ${redactProxyUrl(proxy)}`
    : `${theProxy(proxy)} asks for credentials (HTTP 407); put them in the proxy URL: ${url.protocol}//user:password@${url.host}`;
  return new TransportError('proxy-auth', message, false);
}

/** The status in undici's "Proxy response (407) !== 200 when HTTP Tunneling" or "Proxy Authentication Required (407)". */
function proxyStatus(message: string): number | undefined {
  const match = /^Proxy response \((\d{3})\)|^Proxy Authentication Required \((407)\)/.exec(message);
  return match ? Number(match[1] ?? match[2]) : undefined;
}

// undici's ProxyAgent by path (see undici-transport.ts for why not the index), loaded only for a
// request that goes through a proxy. The proxy agent opens its CONNECT tunnel with
// `dispatcher.connect()`, a method undici's index adds to every dispatcher (`Object.assign(
// Dispatcher.prototype, api)`); loaded by path, that one method is added here, as the index would.
import type { Dispatcher as DispatcherType } from 'undici';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import connect from 'undici/lib/api/api-connect.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import { markTunnelFailure } from './connection-errors.js';

const prototype = Dispatcher.prototype as { connect?: unknown };
prototype.connect ??= connect;

type ConnectParams = Record<string, unknown>;
type ConnectingPool = { connect(params: ConnectParams): Promise<unknown> };

/**
 * The pool that talks to the proxy itself, as undici's default, with two changes. Whatever fails
 * while it asks for a tunnel (CONNECT) is marked as such: undici reports a proxy that drops the
 * CONNECT, or answers half a status line, as a bare socket or parser error, which would otherwise
 * read as the API's fault (src/client/connection-errors.ts names it as the proxy's). And a proxy
 * that never answers the CONNECT is given up on at the request's deadline, as a connection is
 * (undici would wait 300 s, and keep the process alive after its answer).
 */
export function proxyClientFactory(timeoutMs: number | undefined) {
  return (origin: URL | string, options: object): DispatcherType => {
    const pool = new Pool(origin, timeoutMs === undefined ? options : { ...options, headersTimeout: timeoutMs });
    const connecting = pool as unknown as ConnectingPool;
    const ask = connecting.connect.bind(pool);
    connecting.connect = async (params: ConnectParams) => {
      try {
        return await ask(params);
      } catch (error) {
        throw markTunnelFailure(error);
      }
    };
    return pool;
  };
}

export { ProxyAgent };

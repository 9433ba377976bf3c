// undici's ProxyAgent by path (see undici-transport.ts for why not the index), loaded only for a
// request that goes through a proxy. The proxy agent opens its CONNECT tunnel with
// `dispatcher.connect()`, a method undici's index adds to every dispatcher (`Object.assign(
// Dispatcher.prototype, api)`); loaded by path, that one method is added here, as the index would.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import connect from 'undici/lib/api/api-connect.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';

const prototype = Dispatcher.prototype as { connect?: unknown };
prototype.connect ??= connect;

export { ProxyAgent };

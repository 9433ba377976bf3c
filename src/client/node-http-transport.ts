// The transport of svc on Bun (the standalone binary): Bun's node:http and node:https client, which
// Bun implements natively, for every request that goes straight to the API. undici's Agent, its
// WebAssembly HTTP parser and the JIT work they bring were a third of the binary's peak memory for
// one call (docs/performance.md, "The standalone binary's peak memory"). A request through a proxy
// still goes through undici's ProxyAgent (its CONNECT tunnel and its account of the proxy's
// failures), loaded only then. Both transports keep one contract (transport.ts), and
// test/client/transport-contract.test.ts runs the same server behaviours through each.
import type { Agent } from 'node:http';
import { Agent as PlainAgent } from 'node:http';
import { Agent as TlsAgent } from 'node:https';
import { decodeBody, decodedAnswer } from './body-decoding.js';
import { createConnectionSlots } from './connection-slots.js';
import { NodeHttpExchange } from './node-http-exchange.js';
import { startDeadline } from './request-deadline.js';
import { DEFAULT_MAX_RESPONSE_BYTES, type HttpRequest, type HttpResponse, systemCaCertificates, type Transport, type TransportOptions } from './transport.js';
import { notSentWhileWaiting, toTransportError } from './transport-failures.js';

/** The production transport on Bun: node:http over a keep-alive pool, undici for a proxy. */
export function createNodeHttpTransport(options: TransportOptions = {}): Transport {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const connections = options.connections ?? 8;
  const agentFor = createAgents(connections);
  // As in the undici transport: a request waits for a connection here, so a timeout while waiting says so.
  const slots = createConnectionSlots(connections);
  let proxied: Promise<Transport> | undefined;
  return async (req: HttpRequest): Promise<HttpResponse> => {
    if (req.proxy) return (await (proxied ??= throughProxy(maxBytes, connections)))(req);
    const deadline = startDeadline(req);
    const taken = slots.takeNow(deadline) || (await slots.take(deadline as unknown as AbortSignal));
    if (!taken || deadline.aborted) {
      if (taken) slots.give();
      deadline.release();
      throw notSentWhileWaiting(req, deadline.expired);
    }
    const exchange = new NodeHttpExchange(deadline, maxBytes);
    try {
      const agent = agentFor(req);
      const { status, headers, bytes } = await exchange.send(req, agent instanceof Promise ? await agent : agent);
      const decoding = decodeBody(bytes, headers, maxBytes);
      return decodedAnswer(status, headers, decoding instanceof Promise ? await decoding : decoding);
    } catch (error) {
      throw toTransportError(error, { req, maxBytes, expired: deadline.expired, written: exchange.written });
    } finally {
      deadline.release();
      slots.give();
    }
  };
}

/** undici's transport, for the requests that go through a proxy: it loads with the first of them. */
async function throughProxy(maxResponseBytes: number, connections: number): Promise<Transport> {
  const { createUndiciTransport } = await import('./undici-transport.js');
  return createUndiciTransport({ maxResponseBytes, connections });
}

/**
 * One keep-alive agent per scheme and trust store, each holding at most `connections` sockets per
 * origin. Kept-alive sockets do not keep the process alive. The system's CAs are read only for a
 * request that asks for them.
 */
function createAgents(connections: number): (req: HttpRequest) => Agent | Promise<Agent> {
  const agents = new Map<string, Agent | Promise<Agent>>();
  const pool = { keepAlive: true, maxSockets: connections, maxFreeSockets: connections };
  return (req) => {
    const tls = /^https:/i.test(req.url);
    const systemCa = tls && req.systemCa === true;
    const key = `${tls}|${systemCa}`;
    let agent = agents.get(key);
    if (!agent) {
      agent = !tls ? new PlainAgent(pool) : systemCa ? systemCaCertificates().then((ca) => new TlsAgent({ ...pool, ca })) : new TlsAgent(pool);
      agents.set(key, agent);
      if (agent instanceof Promise) void agent.then((ready) => agents.set(key, ready));
    }
    return agent;
  };
}

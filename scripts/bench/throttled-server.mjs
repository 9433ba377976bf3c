// A service with a rate limit, as real ones have: a token bucket admitting `perSecond` requests a
// second with bursts of `burst`, answering the rest 429 (with `Retry-After: <retryAfter>` when
// given) before applying anything. It counts every request, every 429, the requests of each line
// and what each POST applied, so a bench or a test can say what a run did to the service. On
// 127.0.0.1 only. Run alone: `node scripts/bench/throttled-server.mjs --per-second 100 --burst 20
// [--retry-after 1] [--latency 5]` prints `listening on http://127.0.0.1:<port>/v1`.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

/**
 * @typedef {{ perSecond?: number, burst?: number, retryAfter?: number, latencyMs?: number }} ThrottleOptions
 * @typedef {{ requests: number, refused: number, arrivals: number[], perLine: Map<string, number>, applied: Map<string, number> }} ThrottleCounts
 */

/**
 * Answers GET /v1/email/drafts/<id> with a draft and POST /v1/crm/objects/<object>/entries with a
 * new entry (applied once per request admitted, counted by the entry's `data.name`). A line is
 * named by the draft id or the entry's name.
 * @param {ThrottleOptions} options
 */
export async function startThrottledServer({ perSecond = 100, burst = 20, retryAfter, latencyMs = 5 } = {}) {
  /** @type {ThrottleCounts} */
  const counts = { requests: 0, refused: 0, arrivals: [], perLine: new Map(), applied: new Map() };
  let tokens = burst;
  let filledAt = performance.now();
  const admit = () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - filledAt) * perSecond) / 1000);
    filledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = performance.now();
      counts.requests++;
      counts.arrivals.push(arrived);
      const answer = route(req.method ?? '', req.url ?? '', Buffer.concat(chunks).toString('utf8'));
      counts.perLine.set(answer.line, (counts.perLine.get(answer.line) ?? 0) + 1);
      const admitted = answer.status < 400 && admit();
      if (admitted && answer.applies) counts.applied.set(answer.line, (counts.applied.get(answer.line) ?? 0) + 1);
      if (!admitted && answer.status < 400) counts.refused++;
      const [status, body, extra] = admitted || answer.status >= 400 ? [answer.status, answer.body, {}] : refusal(retryAfter);
      const send = () => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extra });
        res.end(text);
      };
      if (latencyMs > 0) setTimeout(send, latencyMs);
      else send();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    origin,
    url: `${origin}/v1`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** @returns {[number, unknown, Record<string, string>]} */
function refusal(retryAfter) {
  const body = { error: { message: 'rate limit exceeded: slow down', type: 'rate_limit_error', code: 'too_many_requests' } };
  return [429, body, retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }];
}

/** What the service would answer if it admitted the request, and which line it belongs to. */
function route(method, url, text) {
  const draft = /^\/v1\/email\/drafts\/([^/?]+)$/.exec(url);
  if (method === 'GET' && draft) {
    const draftId = decodeURIComponent(draft[1]);
    return { line: draftId, status: 200, applies: false, body: { ok: true, kind: 'email', draftId, syncStatus: 'synced', revision: 1 } };
  }
  if (method === 'POST' && /^\/v1\/crm\/objects\/[^/?]+\/entries$/.test(url)) {
    let name;
    try {
      name = JSON.parse(text)?.data?.name;
    } catch {
      name = undefined;
    }
    if (typeof name === 'string') return { line: name, status: 201, applies: true, body: { entryId: `ent_${name}` } };
  }
  return {
    line: '(unknown)',
    status: 404,
    applies: false,
    body: { error: { message: `no route for ${method} ${url}`, type: 'not_found_error', code: 'not_found' } },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'per-second': { type: 'string', default: '100' },
      burst: { type: 'string', default: '20' },
      'retry-after': { type: 'string' },
      latency: { type: 'string', default: '5' },
    },
  });
  const server = await startThrottledServer({
    perSecond: Number(values['per-second']),
    burst: Number(values.burst),
    retryAfter: values['retry-after'] === undefined ? undefined : Number(values['retry-after']),
    latencyMs: Number(values.latency),
  });
  process.stdout.write(`listening on ${server.url}\n`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

// The floor for svc's batch CPU per call: a bare undici request() loop, the same Agent
// svc builds (8 connections, keep-alive), the same concurrency, the same requests (method, path,
// headers, JSON body per line), reading each answer as text. Nothing else: no input file, no
// validation, no records. Usage: node bare-undici.mjs <base-url> <calls> [concurrency]
import Agent from 'undici/lib/dispatcher/agent.js';
import request from 'undici/lib/api/api-request.js';

const [baseUrl, callsText, concurrencyText = '8'] = process.argv.slice(2);
const calls = Number(callsText);
const concurrency = Number(concurrencyText);
const url = new URL(`${baseUrl}/email/templates/tpl_welcome/preview`);
const dispatcher = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
const headers = { authorization: 'Bearer svc_bench_key', 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'bench' };

let next = 0;
let failed = 0;
async function worker() {
  while (next < calls) {
    const i = ++next;
    const body = JSON.stringify({ data: { firstName: `Lead ${i}`, company: 'Acme' } });
    const res = await request.call(dispatcher, { origin: url.origin, path: url.pathname, method: 'POST', headers, body });
    await res.body.text();
    if (res.statusCode !== 200) failed++;
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
await dispatcher.close();
if (failed > 0) {
  process.stderr.write(`${failed} calls failed\n`);
  process.exitCode = 1;
}

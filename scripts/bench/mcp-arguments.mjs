// How long one tool call's arguments hold `svc mcp` (stdio) up: the built server is sent a call whose
// arguments are an object of many keys (the costliest JSON to read per byte), a list of strings, or
// one long string, at 1/4, 1/2 and all of the 1 MiB message limit, each followed at once by a ping;
// the time until the ping is answered is the time the server could serve nothing else. The call
// itself goes to a port where nothing listens (refused at once, nothing sent). The figures should
// about double from one size to the next: time linear in the size. Usage: node scripts/bench/mcp-arguments.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const svc = join(import.meta.dirname, '..', '..', 'bin', 'svc.cjs');
const LIMIT = 1024 * 1024;
const folder = mkdtempSync(join(tmpdir(), 'svc-mcp-arguments-'));
const child = spawn(process.execPath, [svc, 'mcp'], {
  env: { PATH: process.env.PATH, HOME: folder, SVC_CONFIG_DIR: folder, SERVICE_BASE_URL: 'http://127.0.0.1:9/v1', SERVICE_API_KEY: 'svc_bench_key_0123456789' },
  stdio: ['pipe', 'pipe', 'ignore'],
});
let out = '';
const waiting = new Map();
child.stdout.on('data', (chunk) => {
  out += chunk;
  for (let end = out.indexOf('\n'); end !== -1; end = out.indexOf('\n')) {
    const { id } = JSON.parse(out.slice(0, end));
    out = out.slice(end + 1);
    waiting.get(id)?.();
  }
});
const answer = (id) => new Promise((resolve) => waiting.set(id, resolve));
const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);

send({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
await answer('init');
send({ jsonrpc: '2.0', method: 'notifications/initialized' });

/** `data` of about `bytes` bytes of JSON, of the given shape. */
function data(shape, bytes) {
  if (shape === 'string') return { name: 'x'.repeat(bytes - 200) };
  if (shape === 'list') return { name: 'x', tags: Array.from({ length: Math.floor((bytes - 200) / 11) }, (_, i) => `tag${String(i).padStart(5, '0')}`) };
  return Object.fromEntries(Array.from({ length: Math.floor((bytes - 200) / 15) }, (_, i) => [`k${String(i).padStart(6, '0')}`, i % 1000]));
}

let id = 0;
const rows = [];
for (const shape of ['object', 'list', 'string']) {
  for (const fraction of [0.25, 0.5, 1]) {
    const times = [];
    for (let round = 0; round < 3; round++) {
      const message = {
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name: 'crm_entries_create', arguments: { objectName: 'deals', data: data(shape, LIMIT * fraction) } },
      };
      const text = JSON.stringify(message);
      if (Buffer.byteLength(text) > LIMIT) throw new Error(`the ${shape} message is ${Buffer.byteLength(text)} bytes, over the limit`);
      const ping = ++id;
      const started = performance.now();
      child.stdin.write(`${text}\n`);
      send({ jsonrpc: '2.0', id: ping, method: 'ping' });
      await answer(ping);
      times.push(performance.now() - started);
    }
    rows.push({ shape, kib: Math.round((LIMIT * fraction) / 1024), ms: Math.round(times.sort((a, b) => a - b)[1]) });
  }
}
child.stdin.end();
rmSync(folder, { recursive: true, force: true });
console.log('shape   KiB   ms until a ping is answered (median of 3)');
for (const row of rows) console.log(`${row.shape.padEnd(7)} ${String(row.kib).padStart(4)}  ${row.ms}`);

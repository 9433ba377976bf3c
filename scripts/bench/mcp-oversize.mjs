// How long a tool call over the 1 MiB message limit waits for its answer from `svc mcp` (stdio): the
// built server is sent 8 MiB and 24 MiB tools/call lines whose arguments are one long string, a
// string of escapes, a list of numbers or deeply nested lists, or whose object has millions of
// members before its params (names plain, or spelled with escapes), and the time is taken from the
// first byte written, and from the last, until the Invalid Request error for the call's own id arrives.
// The server never holds such a line: it reads the id from its bytes as they pass.
// Usage: node scripts/bench/mcp-oversize.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const svc = join(import.meta.dirname, '..', '..', 'bin', 'svc.cjs');
const MiB = 1024 * 1024;
const folder = mkdtempSync(join(tmpdir(), 'svc-mcp-oversize-'));
const child = spawn(process.execPath, [svc, 'mcp'], {
  env: { PATH: process.env.PATH, HOME: folder, SVC_CONFIG_DIR: folder, SERVICE_BASE_URL: 'http://127.0.0.1:9/v1', SERVICE_API_KEY: 'svc_bench_key_0123456789' },
  stdio: ['pipe', 'pipe', 'ignore'],
});
let out = '';
const waiting = new Map();
child.stdout.on('data', (chunk) => {
  out += chunk;
  for (let end = out.indexOf('\n'); end !== -1; end = out.indexOf('\n')) {
    const { id, error } = JSON.parse(out.slice(0, end));
    out = out.slice(end + 1);
    waiting.get(id)?.(error);
  }
});
const answer = (id) => new Promise((resolve) => waiting.set(id, resolve));
const write = (text) => new Promise((resolve) => child.stdin.write(text, resolve));

await write(
  `${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`,
);
await answer('init');
await write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

/** The JSON text of `data` for a line of about `bytes` bytes, of the given shape. */
function data(shape, bytes) {
  if (shape === 'string') return JSON.stringify({ name: 'x'.repeat(bytes) });
  if (shape === 'escapes') return JSON.stringify({ name: '"'.repeat(bytes / 2) });
  if (shape === 'numbers') return `{"name":"x","list":[${'1,'.repeat(bytes / 2)}1]}`;
  return `{"name":"x","nested":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}}`;
}

/** A tools/call line of about `bytes` bytes: the shape in its arguments, or members of its own before them. */
function lineOf(call, shape, bytes) {
  const head = `{"jsonrpc":"2.0","id":${call},"method":"tools/call",`;
  const params = (data) => `"params":{"name":"crm_entries_create","arguments":{"objectName":"deals","data":${data}}}}\n`;
  if (shape === 'members') return `${head}${'"a":1,'.repeat(bytes / 6)}${params('{}')}`;
  if (shape === 'escaped') return `${head}${'"\\u0061":"",'.repeat(bytes / 11)}${params('{}')}`;
  return `${head}${params(data(shape, bytes))}`;
}

let id = 0;
const rows = [];
for (const shape of ['string', 'escapes', 'numbers', 'nested', 'members', 'escaped']) {
  for (const size of [8, 24]) {
    const times = [];
    for (let round = 0; round < 3; round++) {
      const call = ++id;
      const line = lineOf(call, shape, size * MiB);
      const answered = answer(call);
      const started = performance.now();
      await write(line);
      const written = performance.now();
      const error = await answered;
      if (error?.code !== -32600) throw new Error(`the ${shape} line of ${size} MiB was answered ${JSON.stringify(error)}`);
      const now = performance.now();
      times.push([now - started, now - written]);
    }
    const median = (k) => Math.round(times.map((t) => t[k]).sort((a, b) => a - b)[1]);
    rows.push({ shape, size, total: median(0), after: median(1) });
  }
}
child.stdin.end();
rmSync(folder, { recursive: true, force: true });
console.log('shape    MiB  ms from the first byte  ms from the last byte (median of 3)');
for (const row of rows)
  console.log(`${row.shape.padEnd(8)} ${String(row.size).padStart(3)}  ${String(row.total).padStart(22)}  ${String(row.after).padStart(21)}`);

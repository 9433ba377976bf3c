// What each part of one call's start-up costs, from V8's CPU profile (`node --cpu-prof`): the
// command runs `runs` times, each profile's samples are sorted into parts, and each part's median
// is printed. A sample in Node's native code (reading a file, compiling) counts for the JavaScript
// that called it; bundled code is sorted by the package it came from, through the script's source
// map. The profile starts once Node has set itself up: the time before (the process and V8's heap
// from Node's own snapshot) is what `node -e 0` takes, measured beside it.
// Each sample counts for one sampling interval, whatever time passed since the one before: V8's
// sampler asks the main thread for a sample every interval, and a thread waiting for a core takes
// one sample when it runs again, so on a loaded machine the counts stay near CPU time, where the
// profile's own time deltas would charge the wait to whatever was running.
// Usage (after npm run build): node scripts/bench/startup-profile.mjs [--runs 15] -- <node arguments>
// e.g. node scripts/bench/startup-profile.mjs -- bin/svc.cjs email drafts get dr_123 (with
// SERVICE_BASE_URL, SERVICE_API_KEY and NODE_EXTRA_CA_CERTS set, as the floor bench sets them), or
// the node:https one-liner's `-e <script> <url> <token>` for the floor's parts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The sampling interval, in microseconds. */
const INTERVAL_US = 200;

/** The parts, in the order the table lists them. */
export const PARTS = [
  'reading svc and its code cache',
  'compiling svc from its code cache',
  'svc (src, registry)',
  'commander',
  'zod',
  'undici',
  'other bundled packages',
  'a script given with -e',
  'Node built-ins: loading',
  'Node built-ins: TLS and crypto',
  'Node built-ins: sockets, HTTP and streams',
  'Node built-ins: the rest',
  'garbage collection',
  'native, outside JavaScript',
];

/** Node's own modules by what they do, from the module's name (node:internal/… without the prefix). */
const BUILTIN_GROUPS = [
  [/^(tls|_tls_\w+|tls\/.*|crypto|crypto\/.*)$/, 'Node built-ins: TLS and crypto'],
  [
    /^(net|stream|stream\/.*|streams\/.*|stream_base_commons|js_stream_socket|http|https|_http_\w+|http\/.*|dns|dns\/.*)$/,
    'Node built-ins: sockets, HTTP and streams',
  ],
];

/** The part a sample belongs to, from its frame and the frames that called it (innermost first). */
function partOf(frames, sourceMaps) {
  const [leaf] = frames;
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName === '(program)' || leaf.functionName === '(root)') return 'native, outside JavaScript';
  const frame = frames.find((f) => f.url !== '') ?? leaf;
  const { url, functionName } = frame;
  if (url === '') return 'native, outside JavaScript';
  if (url.startsWith('node:')) {
    if (functionName === 'Script' && url === 'node:vm') return 'compiling svc from its code cache';
    // node:fs reading svc's script and its cache for bin/run-cli.cjs is svc's reading.
    const caller = frames.find((f) => f.url !== '' && !f.url.startsWith('node:'));
    if (caller && /[\\/]bin[\\/]run-cli\.cjs$/.test(caller.url) && /^node:(fs|buffer|internal\/fs\/.*)$/.test(url)) return 'reading svc and its code cache';
    if (url === 'node:internal/bootstrap/realm') return 'Node built-ins: loading';
    const name = url.slice('node:'.length).replace(/^internal\//, '');
    return BUILTIN_GROUPS.find(([pattern]) => pattern.test(name))?.[1] ?? 'Node built-ins: the rest';
  }
  if (/[\\/]bin[\\/](run-cli|svc)\.cjs$/.test(url)) return 'reading svc and its code cache';
  if (url.startsWith('[eval]')) return 'a script given with -e';
  const source = originalSource(frame, sourceMaps);
  const bundled = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(source)?.[1];
  if (bundled === 'commander' || bundled === 'zod' || bundled === 'undici') return bundled;
  return bundled ? 'other bundled packages' : 'svc (src, registry)';
}

function originalSource({ url, lineNumber, columnNumber }, sourceMaps) {
  if (!sourceMaps.has(url)) {
    let map;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${url.startsWith('file:') ? fileURLToPath(url) : url}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url)?.findEntry(lineNumber, columnNumber)?.originalSource ?? url;
}

/** Milliseconds per part in one profile (samples × `intervalMs`), and the profile's busy time (not idle). */
export function partsOfProfile(profile, intervalMs, sourceMaps = new Map()) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const frames = (id) => {
    const list = [];
    for (let at = id; at !== undefined; at = parents.get(at)) list.push(nodes.get(at).callFrame);
    return list;
  };
  const parts = Object.fromEntries(PARTS.map((part) => [part, 0]));
  let busy = 0;
  for (const id of profile.samples) {
    if (nodes.get(id).callFrame.functionName === '(idle)') continue;
    busy += intervalMs;
    parts[partOf(frames(id), sourceMaps)] += intervalMs;
  }
  return { parts, busy };
}

/** Runs `argv` (after node's options) `runs` times under the profiler; the median of each part and of the busy time. */
export function profileRuns(argv, { runs, env = process.env }) {
  const sourceMaps = new Map();
  const results = [];
  for (let i = 0; i < runs; i++) {
    const folder = mkdtempSync(join(tmpdir(), 'svc-profile-'));
    try {
      const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${folder}`, '--cpu-prof-interval', String(INTERVAL_US), ...argv], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      if (run.status !== 0) throw new Error(`${argv.join(' ')} exited ${run.status}: ${String(run.stderr).trim()}`);
      const [file] = readdirSync(folder);
      results.push(partsOfProfile(JSON.parse(readFileSync(join(folder, file), 'utf8')), INTERVAL_US / 1000, sourceMaps));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    parts: Object.fromEntries(PARTS.map((part) => [part, median(results.map((r) => r.parts[part]))])),
    busy: median(results.map((r) => r.busy)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '15' } }, allowPositionals: true });
  const runs = Number(values.runs);
  // One run first, so svc's code cache is there, as it is for every call after a user's first.
  spawnSync(process.execPath, positionals, { stdio: 'ignore' });
  const { parts, busy } = profileRuns(positionals, { runs });
  const shown = positionals.map((arg) => (arg.length > 40 ? `${arg.slice(0, 37)}…` : arg)).join(' ');
  process.stdout.write(`node ${shown}: CPU profile, median of ${runs} runs (ms of samples)\n\n| Part | ms |\n|---|---|\n`);
  for (const part of PARTS) process.stdout.write(`| ${part} | ${parts[part].toFixed(1)} |\n`);
  process.stdout.write(`| all but idle (median of the sums) | ${busy.toFixed(1)} |\n`);
}

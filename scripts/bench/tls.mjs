// The floor section of `npm run bench`: one GET over TLS to a loopback HTTPS server whose
// certificate comes from a private CA made here, and start-up alone, in ONE alternating run of
// every command: `node -e 0`, the standalone binary's --version (as `npm run package` builds it), a
// node:https one-liner, the npm package's svc (installed from its tarball), the binary and `gh api`
// (when installed) doing the same GET. svc and the one-liner
// trust the CA through NODE_EXTRA_CA_CERTS, gh through SSL_CERT_FILE. Reports each pair's ratios of
// wall and CPU medians against its target.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { hasGnuTime } from './external-usage.mjs';
import { dropFromPageCache, executableOnPath } from './page-cache.mjs';
import { makeCertificates } from './private-ca.mjs';
import { summarize } from './report.mjs';
import { batchRow, peakMemoryRow } from './standalone-rows.mjs';
import { outputOf, timeAndCpuAlternately } from './timing.mjs';

/** The pairs: what is measured against what, and the target ratio (wall medians). */
export const FLOOR_TARGETS = {
  version: 0.5,
  standaloneGet: 0.7,
  npmGet: 1.15,
};

const HTTPS_ONE_LINER = `require('node:https').get(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } }, (r) => { let b = ''; r.setEncoding('utf8'); r.on('data', (d) => (b += d)); r.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(b), null, 2) + '\\n')); })`;

const hasGh = () => spawnSync('gh', ['--version'], { stdio: 'ignore' }).status === 0;

/** Starts scripts/bench/tls-server.mjs and resolves with its port. */
function startTlsServer(files) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'tls-server.mjs'), files.key, files.cert, files.body], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the TLS bench server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.removeAllListeners('exit');
      resolve({ port: Number(line), stop: () => child.kill('SIGTERM') });
    });
  });
}

/**
 * Runs the floor cases; `mock` is the running svc mock (its draft is the answer), `work` a folder to
 * write in, `installedBin` the npm package's bin/svc.cjs, `standaloneBin` the standalone binary.
 * Resolves to the timing rows for formatFloorTable and, measured next in the same run, the
 * standalone binary's peak memory and batch rows for formatStandaloneTable (`memoryRuns` rounds).
 */
export async function benchFloor({ installedBin, standaloneBin, mock, work, runs, memoryRuns, tool, log }) {
  const folder = join(work, 'tls');
  mkdirSync(join(folder, 'gh'), { recursive: true });
  const certs = makeCertificates();
  const files = { key: join(folder, 'server.key'), cert: join(folder, 'server.pem'), body: join(folder, 'draft.json') };
  writeFileSync(files.key, certs.servers.trusted.key);
  writeFileSync(files.cert, certs.servers.trusted.cert);
  const draft = await fetch(`${mock.url}/email/drafts/dr_123`, { headers: { authorization: `Bearer ${mock.apiKey}` } });
  writeFileSync(files.body, await draft.text());
  const server = await startTlsServer(files);
  try {
    const base = `https://127.0.0.1:${server.port}/v1`;
    const env = {
      ...process.env,
      SERVICE_BASE_URL: base,
      SERVICE_API_KEY: mock.apiKey,
      SVC_CONFIG_DIR: join(folder, 'config'),
      NO_COLOR: '1',
      NODE_EXTRA_CA_CERTS: certs.caFile,
      SSL_CERT_FILE: certs.caFile,
      GH_HOST: `localhost:${server.port}`,
      GH_ENTERPRISE_TOKEN: mock.apiKey,
      GH_CONFIG_DIR: join(folder, 'gh'),
      GH_NO_UPDATE_NOTIFIER: '1',
      GH_PROMPT_DISABLED: '1',
    };
    for (const name of ['NODE_OPTIONS', 'SERVICE_PROFILE', 'HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'all_proxy', 'GH_TOKEN', 'GITHUB_TOKEN'])
      delete env[name];
    const get = ['email', 'drafts', 'get', 'dr_123'];
    const commands = {
      node: { label: 'node -e 0', argv: [process.execPath, '-e', '0'], env, expect: /^$/ },
      version: { label: 'dist/svc --version', argv: [standaloneBin, '--version'], env, expect: /^svc \d/ },
      oneLiner: { label: 'node:https one-liner, GET', argv: [process.execPath, '-e', HTTPS_ONE_LINER, `${base}/email/drafts/dr_123`, mock.apiKey], env },
      npmGet: { label: 'svc email drafts get (npm package)', argv: [process.execPath, installedBin, ...get], env },
      standaloneGet: { label: 'dist/svc email drafts get', argv: [standaloneBin, ...get], env },
    };
    if (hasGh()) commands.gh = { label: 'gh api /email/drafts/dr_123', argv: ['gh', 'api', '/email/drafts/dr_123'], env };
    else log('floor: gh is not installed (Debian package gh); the rows against it are skipped');
    for (const command of Object.values(commands)) {
      const printed = outputOf(command);
      if (!(command.expect ?? /"draftId": ?"dr_123"/).test(printed)) throw new Error(`${command.label} did not print what it should`);
    }
    const names = Object.keys(commands);
    log(`floor: ${names.length} commands, ${runs} alternating rounds…`);
    const { wall, cpu } = timeAndCpuAlternately(Object.values(commands), { runs, tool });
    const measured = Object.fromEntries(
      names.map((name, i) => [name, { label: commands[name].label, wall: summarize(wall[i]), cpu: cpu[i].length > 0 ? summarize(cpu[i]) : undefined }]),
    );
    const pair = (svc, baseline, target) => ({ svc: measured[svc], baseline: measured[baseline], target });
    const rows = [
      pair('version', 'node', FLOOR_TARGETS.version),
      measured.gh ? pair('standaloneGet', 'gh', FLOOR_TARGETS.standaloneGet) : { skipped: 'dist/svc email drafts get against gh api: gh is not installed' },
      pair('npmGet', 'oneLiner', FLOOR_TARGETS.npmGet),
      pair('standaloneGet', 'oneLiner', undefined),
    ];
    if (!hasGnuTime()) return { rows, more: [{ skipped: "the binary's peak memory and batch rows: GNU time is not installed (Debian package time)" }] };
    log(`floor: peak memory of one GET and a 10,000-line batch, ${memoryRuns} and 7 alternating rounds…`);
    const memory = commands.gh ? measurePeakMemory(commands, memoryRuns, log) : { skipped: 'peak memory against gh: gh is not installed' };
    return { rows, more: [memory, await batchRow({ standaloneBin, installedBin, folder, rounds: 7, env })] };
  } finally {
    server.stop();
    certs.remove();
  }
}

/** The binary's peak memory against gh's, both executables read from disk (page-cache.mjs says why). */
function measurePeakMemory(commands, rounds, log) {
  const files = [commands.standaloneGet.argv[0], executableOnPath('gh')].filter(Boolean);
  const kept = dropFromPageCache(files);
  if (kept.length > 0) log(`floor: could not drop ${kept.join(', ')} from the page cache (GNU dd): the peaks depend on how the files came into it`);
  return peakMemoryRow({ standalone: commands.standaloneGet, gh: commands.gh, rounds });
}

const ms = ({ median, min, max }) => `${median.toFixed(1)} ms (${min.toFixed(1)}–${max.toFixed(1)})`;
const cpuMs = (row) => (row.cpu ? `${row.cpu.median.toFixed(1)} ms` : '–');

/** The table: each pair's medians and ratios (wall decides the target); rows without a target are for reading. */
export function formatFloorTable(rows) {
  const lines = [
    '| Case | Wall: median (min–max) | CPU: median | Baseline | Wall: median (min–max) | CPU: median | Ratio, wall | Ratio, CPU | Target | |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    if (row.skipped) {
      lines.push(`| ${row.skipped} | | | | | | | | | skipped |`);
      continue;
    }
    const { svc, baseline, target } = row;
    const ratio = svc.wall.median / baseline.wall.median;
    const cpuRatio = svc.cpu && baseline.cpu ? `${(svc.cpu.median / baseline.cpu.median).toFixed(2)}×` : '–';
    const verdict = target === undefined ? '' : ratio <= target ? 'PASS' : 'MISS';
    lines.push(
      `| ${svc.label} | ${ms(svc.wall)} | ${cpuMs(svc)} | ${baseline.label} | ${ms(baseline.wall)} | ${cpuMs(baseline)} | ${ratio.toFixed(2)}× | ${cpuRatio} | ${target === undefined ? '' : `≤ ${target}×`} | ${verdict} |`,
    );
  }
  const pass = rows.every((row) => row.skipped || row.target === undefined || row.svc.wall.median / row.baseline.wall.median <= row.target);
  return { table: lines.join('\n'), pass };
}

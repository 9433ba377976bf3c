// The TLS section of `npm run bench` (issue #16): one GET over TLS to a loopback HTTPS server whose
// certificate comes from a private CA made here, by svc, by `gh api` (when installed) and by a
// node:https one-liner, run alternately. svc and the one-liner trust the CA through
// NODE_EXTRA_CA_CERTS, gh through SSL_CERT_FILE. Reports wall and CPU medians and ratios.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { makeCertificates } from './private-ca.mjs';
import { summarize } from './report.mjs';
import { outputOf, timeAndCpuAlternately } from './timing.mjs';

export const TLS_TARGET = 1.2;

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
 * Runs the TLS cases; `mock` is the running svc mock (its draft is the answer), `work` a folder to
 * write in. Resolves to the rows for formatTlsTable.
 */
export async function benchTls({ svcBin, mock, work, runs, tool, log }) {
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
    };
    Object.assign(env, {
      SSL_CERT_FILE: certs.caFile,
      GH_HOST: `localhost:${server.port}`,
      GH_ENTERPRISE_TOKEN: mock.apiKey,
      GH_CONFIG_DIR: join(folder, 'gh'),
      GH_NO_UPDATE_NOTIFIER: '1',
      GH_PROMPT_DISABLED: '1',
    });
    for (const name of ['NODE_OPTIONS', 'SERVICE_PROFILE', 'HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'all_proxy', 'GH_TOKEN', 'GITHUB_TOKEN'])
      delete env[name];
    const commands = [
      { label: 'svc email drafts get dr_123', argv: [process.execPath, svcBin, 'email', 'drafts', 'get', 'dr_123'], env },
      { label: 'node:https one-liner', argv: [process.execPath, '-e', HTTPS_ONE_LINER, `${base}/email/drafts/dr_123`, mock.apiKey], env },
    ];
    if (hasGh()) commands.push({ label: 'gh api /email/drafts/dr_123', argv: ['gh', 'api', '/email/drafts/dr_123'], env });
    else log('TLS: gh is not installed (Debian package gh); its row is skipped');
    for (const command of commands) if (!/"draftId": ?"dr_123"/.test(outputOf(command))) throw new Error(`${command.label} did not print the draft`);
    log(`TLS: ${commands.map((c) => c.label).join(', ')}: ${runs} alternating rounds…`);
    const { wall, cpu } = timeAndCpuAlternately(commands, { runs, tool });
    return commands.map((command, i) => ({ label: command.label, wall: summarize(wall[i]), cpu: cpu[i].length > 0 ? summarize(cpu[i]) : undefined }));
  } finally {
    server.stop();
    certs.remove();
  }
}

const ms = ({ median, min, max }) => `${median.toFixed(1)} ms (${min.toFixed(1)}–${max.toFixed(1)})`;

/** The table: each command's wall and CPU medians, and svc's ratios to each baseline. */
export function formatTlsTable(rows) {
  const [svc, ...baselines] = rows;
  const lines = [
    '| Command | Wall: median (min–max) | CPU (user+sys): median | svc ÷ this, wall | svc ÷ this, CPU | Target | |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const isSvc = row === svc;
    const wallRatio = svc.wall.median / row.wall.median;
    const cpuRatio = svc.cpu && row.cpu ? `${(svc.cpu.median / row.cpu.median).toFixed(2)}×` : '–';
    const target = row.label.startsWith('gh ') ? `≤ ${TLS_TARGET}×` : '';
    const verdict = target ? (wallRatio <= TLS_TARGET ? 'PASS' : 'MISS') : '';
    lines.push(
      `| ${row.label} | ${ms(row.wall)} | ${row.cpu ? `${row.cpu.median.toFixed(1)} ms` : '–'} | ${isSvc ? '' : `${wallRatio.toFixed(2)}×`} | ${isSvc ? '' : cpuRatio} | ${target} | ${verdict} |`,
    );
  }
  return { table: lines.join('\n'), pass: baselines.every((row) => !row.label.startsWith('gh ') || svc.wall.median / row.wall.median <= TLS_TARGET) };
}

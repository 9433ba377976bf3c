// The README's main job: start `svc mock` on a free port, sign in, run all six operations through
// the real bin/svc with a header before each, wait for a draft to sync, show one refused bad input,
// stop the mock.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const bin = join(import.meta.dirname, '..', 'bin', 'svc.cjs');
const configDir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
const env = { ...process.env, SVC_CONFIG_DIR: configDir };
for (const name of ['SERVICE_API_KEY', 'SERVICE_BASE_URL', 'SERVICE_PROFILE']) delete env[name];
const bold = (text) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${text}\u001b[22m` : text);

function startMock() {
  const mock = spawn(process.execPath, [bin, 'mock', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  mock.stderr.on('data', (chunk) => (errors += chunk)); // shown only if the mock fails to start
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: mock.stdout });
    mock.once('exit', (code) => reject(new Error(`svc mock exited early (${code}): ${errors.trim()}`)));
    lines.once('line', (line) => {
      const url = line.match(/(http:\/\/\S+\/v1)/)?.[1];
      if (!url) return reject(new Error(`unexpected first line from svc mock: ${line}`));
      lines.on('line', () => {}); // keep draining
      resolve({ mock, url });
    });
  });
}

function svc(args, input) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'] });
    if (input !== undefined) child.stdin.end(input);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

async function step(title, args, { input, expect = 0, shown } = {}) {
  process.stdout.write(`\n${bold(`── ${title}`)}\n$ ${shown ?? `svc ${args.map(quote).join(' ')}`}\n`);
  const code = await svc(args, input);
  process.stdout.write(`${bold(`(exit ${code})`)}\n`);
  if (code !== expect) throw new Error(`expected exit ${expect} from: svc ${args.join(' ')}`);
}

/**
 * The first line says which Node runs svc, and why npm may have printed EBADENGINE warnings: npm
 * itself runs on the node on PATH (its user agent names it), which may be older than the Node 22+
 * svc and its dependencies declare; the scripts run on the Node 24 that `npm install` brought.
 */
function nodeLine() {
  const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
  const old = npmNode && Number(npmNode.slice(1).split('.')[0]) < 22;
  const why = old
    ? ` npm itself ran on Node.js ${npmNode}, older than the 22+ that svc and its dependencies declare: that is why npm printed "npm warn EBADENGINE" lines, which are expected and harmless here.`
    : '';
  return `svc demo on Node.js ${process.version}, the node package that npm install brought (svc needs Node.js 22 or newer).${why}\n`;
}

process.stdout.write(nodeLine());
const { mock, url } = await startMock();
let failed = false;
try {
  process.stdout.write(`${bold('svc demo')}: a local Workspace API from \`svc mock\` at ${url}\n`);
  await step('Point svc at the mock', ['config', 'set', 'base-url', url]);
  await step('Sign in with an agent session token (read from stdin)', ['auth', 'login'], {
    input: 'svc_agent_demo_4f9c2a7e1b\n',
    shown: "printf 'svc_agent_demo_…' | svc auth login",
  });
  await step('1/6 Read an email draft, its eligible senders and sync status', ['email', 'drafts', 'get', 'dr_123']);
  await step(
    "   …and wait for another draft's provider sync (the mock's dr_456 reads pending twice, then synced)",
    [
      'email',
      'drafts',
      'get',
      'dr_456',
      '--wait-for',
      "syncStatus == 'synced'",
      '--wait-fail',
      "syncStatus == 'failed'",
      '--query',
      '{draftId: draftId, syncStatus: syncStatus}',
    ],
    {
      shown: `svc email drafts get dr_456 --wait-for "syncStatus == 'synced'" --wait-fail "syncStatus == 'failed'" --query '{draftId: draftId, syncStatus: syncStatus}'`,
    },
  );
  await step('2/6 Add a person to a campaign', [
    'campaigns',
    'person',
    'add',
    'seq_123',
    '--email',
    'grace@example.com',
    '--display-name',
    'Grace Hopper',
    '--personalization',
    'company=Navy',
  ]);
  await step('3/6 Create a CRM entry with two assignees (both kept)', [
    'crm',
    'entries',
    'create',
    'deals',
    '--data',
    'name=Acme renewal',
    '--data',
    'amount:=12000',
    '--data',
    'assignees=usr_ada',
    '--data',
    'assignees=usr_grace',
  ]);
  await step('4/6 Preview an email template (values are HTML-escaped)', [
    'email',
    'templates',
    'preview',
    'tpl_welcome',
    '--data',
    'firstName=Ada <admin>',
    '--data',
    'company=Acme',
  ]);
  await step('5/6 Delete a workspace file', ['files', 'delete', 'reports/2026/q3.csv', '--yes']);
  await step('   …and again: nothing is there any more', ['files', 'delete', 'reports/2026/q3.csv', '--yes']);
  await step('6/6 List the occurrences of a task series', ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly']);
  await step('Bad input is refused before anything is sent', ['campaigns', 'person', 'add', 'seq_123', '--display-name', 'Nobody'], { expect: 2 });
  process.stdout.write(`\n${bold('Done.')} Every step behaved as documented; the mock is stopping.\n`);
} catch (error) {
  failed = true;
  process.stderr.write(`demo: ${error.message}\n`);
} finally {
  const exited = new Promise((resolve) => mock.once('exit', resolve));
  mock.kill('SIGINT');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (mock.exitCode === null && mock.signalCode === null) mock.kill('SIGKILL');
  rmSync(configDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

// npm run package:bytecode-order: writes scripts/package/bytecode-order.txt again, the order in
// which one GET runs svc's bytecode, which `npm run package` gives Bun (`--bytecode-order`) so that
// the binary lays its bytecode out in that order and a call maps fewer of its pages (about 4 MiB
// less peak memory for a GET and for --version: docs/performance.md, "The standalone binary's peak
// memory"). It builds the binary into a temporary folder, starts that binary's `svc mock` on
// 127.0.0.1, and runs `svc email drafts get dr_123` against it with BUN_BYTECODE_ORDER_OUT set.
// An order from an older build is harmless (its entries that no longer match are passed over), so
// running this again is for when the gain has worn off, not for every change.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { BYTECODE_ORDER, buildStandalone } from './standalone.mjs';

const API_KEY = 'svc_order_key';

/** Starts the binary's own mock on 127.0.0.1 and resolves with its base URL and a way to stop it. */
function startMock(binary, env) {
  const child = spawn(binary, ['mock', '--port', '0', '--host', '127.0.0.1', '--api-key', API_KEY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`svc mock exited (${code}) before it listened: ${errors.trim()}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /listening on (http:\/\/\S+\/v1)$/.exec(line)?.[1];
      if (!url) return;
      child.removeAllListeners('exit');
      resolve({ url, stop: () => child.kill('SIGTERM') });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'svc-bytecode-order-'));
try {
  const binary = join(work, 'svc');
  await buildStandalone({ output: binary });
  const env = { PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1' };
  const mock = await startMock(binary, env);
  try {
    const order = join(work, 'order.txt');
    const call = { ...env, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: API_KEY, BUN_BYTECODE_ORDER_OUT: order };
    const { stdout } = await promisify(execFile)(binary, ['email', 'drafts', 'get', 'dr_123'], { env: call });
    if (!/"draftId": "dr_123"/.test(stdout)) throw new Error(`the GET did not print the draft: ${stdout.slice(0, 200)}`);
    copyFileSync(order, BYTECODE_ORDER);
    chmodSync(BYTECODE_ORDER, 0o644); // Bun writes it readable by its owner alone
    process.stdout.write(`${BYTECODE_ORDER}\n`);
  } finally {
    mock.stop();
  }
} catch (error) {
  process.stderr.write(`svc bytecode order: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

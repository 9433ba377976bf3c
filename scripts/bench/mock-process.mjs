// The server both sides of the API cases call: `svc mock` on loopback, in its own process so the
// benchmark's own work never competes with it on the event loop.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const API_KEY = 'svc_bench_key';

/** Starts `svc mock --port 0` and resolves once it announces its base URL. */
export function startMock(svcBin) {
  const child = spawn(process.execPath, [svcBin, 'mock', '--port', '0', '--host', '127.0.0.1', '--api-key', API_KEY], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('svc mock did not start within 10 s')), 10_000);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`svc mock exited (${code}): ${errors.trim()}`)));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const url = /listening on (http:\/\/\S+\/v1)$/.exec(line)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url, apiKey: API_KEY, stop: () => child.kill('SIGINT') });
    });
  });
}

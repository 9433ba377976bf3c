// Runs many svc command lines against a built CLI, fast: `hosts` child processes each load the
// CLI once (cli-host.cjs) and run the lines in turn; a host that dies or hangs is replaced and the
// line it was running is reported as such. `spawnEach` runs lines through the real bin instead,
// one process each, to check on a sample that the host answers as svc does.
import { fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = fileURLToPath(new URL('./cli-host.cjs', import.meta.url));

/** Results `{ code, stdout, stderr }` in the order of `commands` (each an argv after `svc`). */
export async function runCommands({ cliFolder, commands, env, hosts = 2, timeoutMs = 20000 }) {
  const results = new Array(commands.length);
  let next = 0;
  const work = async () => {
    while (next < commands.length) await runOnHost({ cliFolder, env, timeoutMs }, () => (next < commands.length ? next++ : undefined), commands, results);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(hosts, commands.length)) }, work));
  return results;
}

/** One host: runs lines taken from `take` until none are left or the host fails (then the caller starts another). */
function runOnHost({ cliFolder, env, timeoutMs }, take, commands, results) {
  return new Promise((done, fail) => {
    const host = fork(HOST, [join(cliFolder, 'dist', 'cli.cjs')], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' });
    let current;
    let timer;
    let ready = false;
    let hostErr = '';
    host.stderr.on('data', (chunk) => (hostErr = (hostErr + chunk).slice(-4000)));
    host.stdout.resume();
    const send = () => {
      current = take();
      // svc's own stop-signal handling keeps a host alive on SIGTERM: it ends when the channel closes.
      if (current === undefined) return host.disconnect();
      timer = setTimeout(() => {
        results[current] = { code: 'timeout', stdout: '', stderr: `no answer in ${timeoutMs} ms` };
        current = undefined;
        host.kill('SIGKILL');
      }, timeoutMs);
      host.send({ index: current, argv: commands[current] });
    };
    host.on('message', (message) => {
      if (message.ready) {
        ready = true;
        return send();
      }
      clearTimeout(timer);
      results[message.index] = { code: message.code, stdout: message.stdout, stderr: message.stderr };
      send();
    });
    host.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) return fail(new Error(`the CLI host did not start (${signal ?? code}): ${hostErr}`));
      if (current !== undefined && results[current] === undefined)
        results[current] = { code: 'crashed', stdout: '', stderr: `the host ended (${signal ?? code}) running this line: ${hostErr}` };
      done();
    });
  });
}

/** Runs each line as its own process of the real bin: `{ code, stdout, stderr }` in order. */
export async function spawnEach({ bin, commands, env }) {
  const results = [];
  for (const argv of commands) {
    results.push(
      await new Promise((done, fail) => {
        const child = spawn(process.execPath, [bin, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        const err = [];
        child.stdout.on('data', (chunk) => out.push(chunk));
        child.stderr.on('data', (chunk) => err.push(chunk));
        child.on('error', fail);
        child.on('close', (code) => done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
      }),
    );
  }
  return results;
}

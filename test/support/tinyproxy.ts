import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The tinyproxy binary (Debian puts it in /usr/bin; some systems in /usr/sbin), or undefined. */
export function findTinyproxy(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/usr/local/bin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, 'tinyproxy'), constants.X_OK);
      return join(folder, 'tinyproxy');
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export interface Tinyproxy {
  /** `http://127.0.0.1:<port>`, without credentials. */
  origin: string;
  port: number;
  /** What tinyproxy logged so far: its request lines (`CONNECT 127.0.0.1:443 HTTP/1.1`, `GET http://…`). */
  log(): string;
  /** The request lines it received, in order. */
  requestLines(): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a real tinyproxy on loopback, in the foreground, with Basic auth when `auth` is given. */
export async function startTinyproxy(binary: string, auth?: { user: string; password: string }): Promise<Tinyproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tinyproxy-'));
  const port = await freePort();
  const lines = [`Port ${port}`, 'Listen 127.0.0.1', 'Timeout 10', 'MaxClients 50', 'Allow 127.0.0.1', 'LogLevel Connect'];
  if (auth) lines.push(`BasicAuth ${auth.user} ${auth.password}`);
  writeFileSync(join(dir, 'tinyproxy.conf'), `${lines.join('\n')}\n`);
  const child: ChildProcess = spawn(binary, ['-d', '-c', join(dir, 'tinyproxy.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForListening(child, port, () => log);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    log: () => log,
    requestLines: () => [...log.matchAll(/Request \(file descriptor \d+\): (.*)$/gm)].map((match) => match[1]!),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the port accepts connections (tinyproxy prints nothing reliable at LogLevel Connect). */
async function waitForListening(child: ChildProcess, port: number, log: () => string): Promise<void> {
  const { connect } = await import('node:net');
  for (let tries = 0; tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`tinyproxy exited at start: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`tinyproxy did not listen on ${port} within 5 s: ${log()}`);
}

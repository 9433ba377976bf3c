import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from './temp-folder.js';

/**
 * A real Secret Service for the keyring tests: a private D-Bus session bus (its socket in the test's
 * own folder) with gnome-keyring-daemon on it, its login keyring unlocked with a password of the
 * test's. Nothing of the user's session is touched: svc reaches it through the DBUS_SESSION_BUS_ADDRESS
 * this gives, and the daemons end when `stop` kills the bus.
 */
export interface SecretService {
  /** The environment svc needs to reach it. */
  env: Record<string, string>;
  /** The secret stored for service `svc` and this account, as `secret-tool` (libsecret) reads it; undefined when none. */
  lookup(account: string): string | undefined;
  stop(): Promise<void>;
}

const tools = ['dbus-daemon', 'gnome-keyring-daemon', 'secret-tool'];

/** The tools a real Secret Service needs that this machine lacks (.ci/run installs them). */
export function missingSecretServiceTools(): string[] {
  return tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

export async function startSecretService(): Promise<SecretService> {
  const home = tempFolder('svc-keyring-');
  const runtime = join(home, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const address = `unix:path=${join(home, 'bus')}`;
  const bus = await startBus(['--session', `--address=${address}`]);
  const env = { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: join(home, 'data') };
  const daemonEnv = { PATH: process.env.PATH ?? '', ...env };
  // --unlock reads the login keyring's password on stdin, creating the keyring on first use.
  execFileSync('gnome-keyring-daemon', ['--daemonize', '--unlock', '--components=secrets'], {
    env: daemonEnv,
    input: 'svc-test-keyring',
    stdio: ['pipe', 'ignore', 'ignore'],
    timeout: 10_000,
  });
  const lookup = (account: string): string | undefined => {
    const found = spawnSync('secret-tool', ['lookup', 'service', 'svc', 'username', account], { env: daemonEnv, encoding: 'utf8', timeout: 10_000 });
    return found.status === 0 && found.stdout !== '' ? found.stdout : undefined;
  };
  // gnome-keyring-daemon leaves when its bus goes; its files are in `home`, removed with the test's folders.
  return { env, lookup, stop: () => stopBus(bus) };
}

/** A D-Bus session bus on which no Secret Service is or can be started: a server's or a container's own bus, without gnome-keyring. */
export interface BareSessionBus {
  /** The environment svc needs to reach it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A private session bus (its socket in the test's own folder) whose configuration names no service folder, so nothing is activated on it. */
export async function startBareSessionBus(): Promise<BareSessionBus> {
  const home = tempFolder('svc-bus-');
  const address = `unix:path=${join(home, 'bus')}`;
  const config = join(home, 'session.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>${address}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
  );
  const bus = await startBus([`--config-file=${config}`]);
  return { env: { DBUS_SESSION_BUS_ADDRESS: address }, stop: () => stopBus(bus) };
}

/** dbus-daemon with these options, once it listens (it prints its address when it does). */
async function startBus(options: string[]): Promise<ChildProcess> {
  const bus = spawn('dbus-daemon', [...options, '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve, reject) => {
    bus.once('error', reject);
    bus.stdout!.once('data', () => resolve());
  });
  return bus;
}

async function stopBus(bus: ChildProcess): Promise<void> {
  const ended = new Promise((resolve) => bus.once('exit', resolve));
  bus.kill('SIGTERM');
  await ended;
}

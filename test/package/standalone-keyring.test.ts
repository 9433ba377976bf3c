import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandalone, standaloneUnsupportedReason } from '../../scripts/package/standalone.mjs';
import { installedPackage } from '../../scripts/package/locked-package.mjs';
import { TARGETS, binaryName, hostTarget } from '../../scripts/package/targets.mjs';
import { missingSecretServiceTools, type SecretService, startSecretService } from '../support/secret-service.js';
import { freshConfigDir } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// The keyring's native binding in the standalone binary: carried inside it, placed in the user's
// cache folder for svc (`native`) and loaded from there, never from the shared temp folder (where Bun
// would put it, and take a planted file of the same name and size). Its environment holds no Node.
const exec = promisify(execFile);
const target = hostTarget();
const unsupported = standaloneUnsupportedReason() ?? (installedPackage('@napi-rs/keyring') ? undefined : '@napi-rs/keyring is not installed');
const missing = missingSecretServiceTools();
const TOKEN = 'svc_agent_standaloneKeyring4242';
// None where the describe is skipped whole: it runs no hook, so nothing would remove it.
const work = unsupported === undefined ? tempFolder('svc-standalone-keyring-') : '';
const binary = join(work, binaryName(target ?? 'linux-x64'));
let keyring: SecretService | undefined;

async function svc(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = exec(binary, args, { env: { PATH: '/nonexistent', SVC_CONFIG_DIR: freshConfigDir(), ...env }, timeout: 30_000 });
  if (input !== undefined) child.child.stdin!.end(input);
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** The binding as npm installed it for this machine: what the binary must place, byte for byte. */
const installedBinding = () => {
  const name = TARGETS[target as keyof typeof TARGETS].keyring;
  return readFileSync(join(installedPackage(`@napi-rs/keyring-${name}`)!, `keyring.${name}.node`));
};

describe.skipIf(unsupported !== undefined)(`the standalone binary's keyring binding${unsupported ? ` (skipped: ${unsupported})` : ''}`, () => {
  beforeAll(async () => {
    expect(await buildStandalone({ output: binary })).toBe(true);
    if (missing.length === 0) keyring = await startSecretService();
  }, 600_000);
  afterAll(() => keyring?.stop());

  it('is placed in the cache folder, private, and loaded from there: the keyring is asked, not skipped', async () => {
    const cache = tempFolder('svc-standalone-cache-');
    const login = await svc(['auth', 'login'], { XDG_CACHE_HOME: cache }, `${TOKEN}\n`);
    expect(login.code).toBe(0);
    // No D-Bus here: the binding loaded and looked for one.
    expect(login.stderr).toContain('no system keyring can be used (no D-Bus session with a Secret Service is reachable)');
    const folder = join(cache, 'svc', 'native');
    const [placed, ...others] = readdirSync(folder);
    expect(others).toEqual([]);
    expect(placed).toMatch(/^keyring-\w+\.node$/);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, placed!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(folder, placed!)).equals(installedBinding())).toBe(true);
    expect(readdirSync(tmpdir()).filter((name) => name.endsWith('.node'))).toEqual([]);
  });

  it('replaces a file of the right name and size that others may write to, and uses no folder that others may write to', async () => {
    const cache = tempFolder('svc-standalone-cache-');
    await svc(['auth', 'login'], { XDG_CACHE_HOME: cache }, `${TOKEN}\n`);
    const folder = join(cache, 'svc', 'native');
    const [placed] = readdirSync(folder);
    const planted = join(folder, placed!);
    writeFileSync(planted, Buffer.alloc(statSync(planted).size, 0x90));
    chmodSync(planted, 0o666);
    expect((await svc(['auth', 'login'], { XDG_CACHE_HOME: cache }, `${TOKEN}\n`)).stderr).toContain('no D-Bus session with a Secret Service is reachable');
    expect(readFileSync(planted).equals(installedBinding())).toBe(true);
    expect(statSync(planted).mode & 0o777).toBe(0o600);
    const open = tempFolder('svc-standalone-cache-');
    mkdirSync(join(open, 'svc', 'native'), { recursive: true });
    chmodSync(join(open, 'svc', 'native'), 0o777);
    const refused = await svc(['auth', 'login'], { XDG_CACHE_HOME: open }, `${TOKEN}\n`);
    expect(refused.code).toBe(0);
    expect(refused.stderr).toContain(
      'no system keyring can be used (the keyring library cannot be loaded: there is no cache folder only this user can write to, to unpack it into)',
    );
    expect(readdirSync(join(open, 'svc', 'native'))).toEqual([]);
  });

  it.skipIf(missing.length > 0)(
    `stores the session token in a real Secret Service and sends it${missing.length > 0 ? ` (skipped: ${missing.join(', ')} is not installed; CI installs it)` : ''}`,
    async () => {
      const env = { ...keyring!.env, SVC_CONFIG_DIR: freshConfigDir() };
      const login = await svc(['auth', 'login'], env, `${TOKEN}\n`);
      expect(login).toMatchObject({ code: 0, stderr: 'Signed in: profile "default" now uses svc_agent_******** (stored in the system keyring).\n' });
      expect(keyring!.lookup('default')).toBe(TOKEN);
      expect((await svc(['auth', 'status'], env)).stdout).toContain('Stored in:   the system keyring\n');
      expect((await svc(['auth', 'logout'], env)).code).toBe(0);
      expect(keyring!.lookup('default')).toBeUndefined();
    },
  );
});

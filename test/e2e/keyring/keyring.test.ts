import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { runAndTrace } from '../../support/ran-sources.js';
import { missingSecretServiceTools, type SecretService, startSecretService } from '../../support/secret-service.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// The session token in the system keyring: a real Secret Service (gnome-keyring-daemon on a private
// D-Bus), each build of svc (the standalone binary loads the native binding it carries), and a real
// server on 127.0.0.1 that records the Authorization it received.
const TOKEN = 'svc_agent_keyringE2eToken4242';
const missing = missingSecretServiceTools();
let mock: MockServer;
let keyring: SecretService | undefined;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  if (missing.length === 0) keyring = await startSecretService();
}, 30_000);
afterAll(async () => {
  await keyring?.stop();
  await mock.close();
});
beforeEach(() => mock.reset());

const configText = (dir: string): string => readFileSync(join(dir, 'config.json'), 'utf8');

eachBuild((build) => {
  describe.skipIf(missing.length > 0)(
    `svc auth with a real Secret Service${missing.length > 0 ? ` (skipped: ${missing.join(', ')} is not installed; CI installs it)` : ''}`,
    () => {
      const setup = () => {
        const dir = freshConfigDir();
        return { dir, env: { ...keyring!.env, SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url } };
      };

      it('login stores the token in the keyring, not the file; calls send it; status names the keyring; logout removes it', async () => {
        const { dir, env } = setup();
        const login = await runSvcProcess(['auth', 'login'], { build, env, input: `${TOKEN}\n` });
        expect(login).toMatchObject({ code: 0, stdout: '' });
        expect(login.stderr).toBe('Signed in: profile "default" now uses svc_agent_******** (stored in the system keyring).\n');
        expect(keyring!.lookup('default')).toBe(TOKEN);
        expect(JSON.parse(configText(dir))).toEqual({ profiles: { default: { tokenStorage: 'keyring' } } });

        const call = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env });
        expect(call.code).toBe(0);
        expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);

        const status = await runSvcProcess(['auth', 'status'], { build, env });
        expect(status.code).toBe(0);
        expect(status.stdout).toContain(
          'Credential:  stored session token of profile "default" (svc auth login)\nStored in:   the system keyring\nToken:       svc_agent_********\n',
        );
        for (const run of [login, call, status]) expect(run.stdout + run.stderr).not.toContain(TOKEN);

        const logout = await runSvcProcess(['auth', 'logout'], { build, env });
        expect(logout).toMatchObject({ code: 0, stderr: 'Signed out: removed the token of profile "default" from the system keyring.\n' });
        expect(keyring!.lookup('default')).toBeUndefined();
        const after = await runSvcProcess(['auth', 'status'], { build, env });
        expect(after.code).toBe(4);
        expect(after.stdout).toContain('Credential:  none\n');
      });

      it('--insecure-storage keeps the token in the file, 0600, and takes it out of the keyring', async () => {
        const { dir, env } = setup();
        expect((await runSvcProcess(['auth', 'login', '--profile', 'plain'], { build, env, input: TOKEN })).code).toBe(0);
        expect(keyring!.lookup('plain')).toBe(TOKEN);
        const login = await runSvcProcess(['auth', 'login', '--profile', 'plain', '--insecure-storage'], { build, env, input: TOKEN });
        expect(login.code).toBe(0);
        expect(login.stderr).toBe(`Signed in: profile "plain" now uses svc_agent_******** (stored in ${join(dir, 'config.json')}).\n`);
        expect(keyring!.lookup('plain')).toBeUndefined();
        expect(JSON.parse(configText(dir))).toEqual({ profiles: { plain: { token: TOKEN } } });
        const status = await runSvcProcess(['auth', 'status', '--profile', 'plain'], { build, env });
        expect(status.stdout).toContain(`Stored in:   ${join(dir, 'config.json')} (plain text)\n`);
        expect(status.stderr).toBe('svc: note: the token is stored in plain text; `svc auth login` stores it in the system keyring where one is reachable\n');
      });

      it('SERVICE_API_KEY wins over the keyring and is never stored', async () => {
        const { dir, env } = setup();
        expect((await runSvcProcess(['auth', 'login'], { build, env, input: TOKEN })).code).toBe(0);
        const call = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { ...env, SERVICE_API_KEY: mock.apiKey } });
        expect(call.code).toBe(0);
        expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${mock.apiKey}`]);
        expect(configText(dir)).not.toContain(mock.apiKey);
        expect(keyring!.lookup('default')).toBe(TOKEN);
      });

      if (!build.standalone)
        it("a call with SERVICE_API_KEY runs no keyring code (read from V8's coverage of the npm build)", async () => {
          const { env } = setup();
          expect((await runSvcProcess(['auth', 'login'], { build, env, input: TOKEN })).code).toBe(0);
          const traced = await runAndTrace(['email', 'drafts', 'get', 'dr_123'], { ...env, SERVICE_API_KEY: mock.apiKey });
          const native = [...traced.sources].filter((source) => source.includes('@napi-rs/keyring') || source === 'src/auth/keyring.ts');
          expect(native).toEqual([]);
          const withStored = await runAndTrace(['email', 'drafts', 'get', 'dr_123'], env);
          expect(withStored.sources).toContain('src/auth/keyring.ts');
        }, 60_000); // three traced runs of a real svc
      else
        it("a call with SERVICE_API_KEY does not even unpack the keyring's native binding (the standalone binary, which V8 does not run)", async () => {
          const { env } = setup();
          expect((await runSvcProcess(['auth', 'login'], { build, env, input: TOKEN })).code).toBe(0);
          const cache = tempFolder('svc-keyring-cache-');
          const native = join(cache, 'svc', 'native');
          expect(
            (await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { ...env, SERVICE_API_KEY: mock.apiKey, XDG_CACHE_HOME: cache } })).code,
          ).toBe(0);
          expect(existsSync(native)).toBe(false);
          expect((await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { ...env, XDG_CACHE_HOME: cache } })).code).toBe(0);
          expect(readdirSync(native)).toEqual([expect.stringMatching(/^keyring-\w+\.node$/)]);
          expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${mock.apiKey}`, `Bearer ${TOKEN}`]);
        });

      it('a keyring that went away: a call is one line, exit 4, and nothing is sent', async () => {
        const { env } = setup();
        expect((await runSvcProcess(['auth', 'login'], { build, env, input: TOKEN })).code).toBe(0);
        const gone = { ...env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(env.SVC_CONFIG_DIR, 'no-bus')}` };
        const call = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: gone });
        expect(call.code).toBe(4);
        expect(call.stderr).toBe(
          'svc: the session token of profile "default" is kept in the system keyring, which cannot be used now (no D-Bus session with a Secret Service is reachable); nothing was sent: unlock the keyring, set SERVICE_API_KEY, or run `svc auth login` again\n',
        );
        expect(mock.requests).toEqual([]);
      });
    },
  );

  describe('where no keyring is reachable (a container, a headless runner)', () => {
    const noBus = () => {
      const dir = freshConfigDir();
      return { dir, env: { SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` } };
    };

    it('login falls back to the 0600 file and says so in one line; the call uses it; logout removes it', async () => {
      const { dir, env } = noBus();
      const login = await runSvcProcess(['auth', 'login'], { build, env, input: TOKEN });
      expect(login.code).toBe(0);
      expect(login.stderr).toBe(
        'svc: note: no system keyring can be used (no D-Bus session with a Secret Service is reachable); the token is stored in plain text in the config file instead (--insecure-storage says so without trying)\n' +
          `Signed in: profile "default" now uses svc_agent_******** (stored in ${join(dir, 'config.json')}).\n`,
      );
      expect(JSON.parse(configText(dir))).toEqual({ profiles: { default: { token: TOKEN } } });
      expect((await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env })).code).toBe(0);
      expect(mock.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
      const logout = await runSvcProcess(['auth', 'logout'], { build, env });
      expect(logout).toMatchObject({
        code: 0,
        stderr: `Signed out: removed the token of profile "default" from the config file (${join(dir, 'config.json')}).\n`,
      });
      expect(JSON.parse(configText(dir))).toEqual({ profiles: {} });
    });

    it('--insecure-storage stores in the file without a note', async () => {
      const { dir, env } = noBus();
      const login = await runSvcProcess(['auth', 'login', '--insecure-storage'], { build, env, input: TOKEN });
      expect(login).toMatchObject({ code: 0, stderr: `Signed in: profile "default" now uses svc_agent_******** (stored in ${join(dir, 'config.json')}).\n` });
    });
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild } from '../../support/builds.js';
import { type BareSessionBus, startBareSessionBus } from '../../support/secret-service.js';
import { inSessionKeyring, keyutilsDescription, sessionKeyringUnavailable } from '../../support/session-keyring.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';

// On Linux svc keeps a session token in the Secret Service or in the config file, never in the
// kernel's keyring (keyutils), which the keyring library falls back to when no Secret Service
// answers: memory only, gone at reboot. Each run of svc here gets a session keyring of its own (as a
// login with pam_keyinit has), so what the machine's keyrings hold changes nothing, and nothing is
// left in them; a token planted in it under the name that store would use shows whether svc reads it.
const TOKEN = 'svc_agent_kernelKeyringE2e4242';
const PLANTED = 'svc_agent_plantedInTheKernel4242';
const noDbusDaemon = spawnSync('sh', ['-c', 'command -v dbus-daemon']).status !== 0;
const skipped = sessionKeyringUnavailable() ?? (noDbusDaemon ? 'dbus-daemon is not installed; CI installs it' : undefined);
let mock: MockServer;
let bareBus: BareSessionBus | undefined;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  if (!skipped) bareBus = await startBareSessionBus();
}, 30_000);
afterAll(async () => {
  await bareBus?.stop();
  await mock.close();
});
beforeEach(() => mock.reset());

const noBus = (dir: string) => ({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` });
const configFile = (dir: string) => join(dir, 'config.json');
const NO_DBUS_NOTE =
  'svc: note: no system keyring can be used (no D-Bus session with a Secret Service is reachable); the token is stored in plain text in the config file instead (--insecure-storage says so without trying)\n';

eachBuild((build) => {
  describe.skipIf(skipped !== undefined)(`the kernel's keyring is never used, whatever it holds${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
    it('login with no D-Bus session stores in the file and says why; the session keyring of the login holds nothing after', async () => {
      const dir = freshConfigDir();
      const session = inSessionKeyring(build);
      const login = await runSvcProcess(['auth', 'login'], {
        build: session.build,
        env: { SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url, ...noBus(dir) },
        input: TOKEN,
      });
      expect(login).toMatchObject({ code: 0, stdout: '' });
      expect(login.stderr).toBe(`${NO_DBUS_NOTE}Signed in: profile "default" now uses svc_agent_******** (stored in ${configFile(dir)}).\n`);
      expect(JSON.parse(readFileSync(configFile(dir), 'utf8'))).toEqual({ profiles: { default: { token: TOKEN } } });
      expect(session.held()).toEqual([]);
    });

    it('a D-Bus session with no Secret Service on it (a server without gnome-keyring): login says so and stores in the file', async () => {
      const dir = freshConfigDir();
      const session = inSessionKeyring(build);
      const login = await runSvcProcess(['auth', 'login'], {
        build: session.build,
        env: { SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url, ...bareBus!.env },
        input: TOKEN,
      });
      expect(login.code).toBe(0);
      expect(login.stderr).toBe(
        'svc: note: no system keyring can be used (no Secret Service (such as gnome-keyring) is running); the token is stored in plain text in the config file instead (--insecure-storage says so without trying)\n' +
          `Signed in: profile "default" now uses svc_agent_******** (stored in ${configFile(dir)}).\n`,
      );
      expect(session.held()).toEqual([]);
    });

    it("a token in the kernel's keyring under the profile's name is not read, sent or removed: the call is one line, exit 4, nothing sent", async () => {
      const dir = freshConfigDir();
      writeFileSync(configFile(dir), JSON.stringify({ profiles: { default: { tokenStorage: 'keyring' } } }), { mode: 0o600 });
      const env = { SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url, ...noBus(dir) };
      const planted = { [keyutilsDescription('default')]: PLANTED };
      const callSession = inSessionKeyring(build, planted);
      const call = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build: callSession.build, env });
      expect(call.stderr).toBe(
        'svc: the session token of profile "default" is kept in the system keyring, which cannot be used now (no D-Bus session with a Secret Service is reachable); nothing was sent: unlock the keyring, set SERVICE_API_KEY, or run `svc auth login` again\n',
      );
      expect(call.code).toBe(4);
      expect(mock.requests).toEqual([]);
      expect(callSession.held()).toEqual(['user;keyring:default@svc']);

      const logoutSession = inSessionKeyring(build, planted);
      const logout = await runSvcProcess(['auth', 'logout'], { build: logoutSession.build, env });
      expect(logout).toMatchObject({
        code: 0,
        stderr:
          'svc: warning: the system keyring cannot be used (no D-Bus session with a Secret Service is reachable); the token of profile "default" may still be in it\n' +
          'Signed out: removed the token of profile "default".\n',
      });
      expect(logoutSession.held()).toEqual(['user;keyring:default@svc']);
    });
  });
});

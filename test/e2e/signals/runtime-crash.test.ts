import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { startScriptedServer } from '../../support/scripted-server.js';
import { freshConfigDir, runSvcProcess, startSvcProcess } from '../../support/svc.js';

// A fault of the runtime itself, not an error svc reports: SIGSEGV reaching svc while a call waits
// for its answer, as a crash of Node.js or Bun, or of the keyring's native library, would. Both
// builds end with 139 (128 + 11), and neither prints a secret svc holds or a JavaScript stack. Node
// prints nothing; Bun prints its crash report, which names the first 196 characters of the command
// line (the install guide says so, and to keep secrets off it, as svc's guides do).
const KEY = 'svc_agent_crashReportKey20261128';
const STORED = 'svc_agent_crashReportStored4242';

eachBuild((build) => {
  describe('a crash of the runtime itself: SIGSEGV while a call waits for its answer', () => {
    const crash = async () => {
      const server = await startScriptedServer();
      try {
        server.script('/v1/email/drafts/dr_123', { hold: true, body: {} });
        const config = freshConfigDir();
        const login = await runSvcProcess(['auth', 'login', '--insecure-storage'], { build, env: { SVC_CONFIG_DIR: config }, input: STORED });
        expect(login.code).toBe(0);
        const svc = startSvcProcess(['email', 'drafts', 'get', 'dr_123', '--debug'], {
          build,
          env: { SVC_CONFIG_DIR: config, SERVICE_BASE_URL: server.url, SERVICE_API_KEY: KEY },
        });
        await server.receivedCount(1);
        svc.child.kill('SIGSEGV');
        const run = await svc.done;
        expect(server.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
        return run;
      } finally {
        server.release();
        await server.close();
      }
    };
    const secretless = (text: string) => {
      for (const secret of [KEY, STORED, KEY.slice(-12), STORED.slice(-12)]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/\n\s+at /);
    };

    if (!build.standalone)
      it('exit 139, and Node.js prints nothing of its own: no stack, no secret', async () => {
        const run = await crash();
        expect(run.code).toBe(139);
        expect(run.stdout).toBe('');
        secretless(run.stderr);
        expect(run.stderr).not.toMatch(/crash|panic/i);
      });
    else
      it("exit 139, and Bun's crash report names the command line but no secret svc holds, and no stack", async () => {
        const run = await crash();
        expect(run.code).toBe(139);
        expect(run.stdout).toBe('');
        secretless(run.stderr);
        // What the install guide warns of: the report shows the arguments, as given.
        expect(run.stderr).toContain('Bun has crashed');
        expect(run.stderr).toMatch(/^Args: .*"email" "drafts" "get" "dr_123" "--debug"$/m);
      });
  });
});

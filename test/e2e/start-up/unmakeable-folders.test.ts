import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { runSvcProcess, type SvcRun } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// A folder svc must make (its settings folder, a profile's added areas, the npm build's start-up
// cache) where none can be made. Under /proc, mkdir answers ENOENT though the parent is there, and
// Node's mkdirSync({ recursive }) tried again forever, deaf to SIGTERM: the npm build hung at
// `svc --version` with XDG_CACHE_HOME there, and at `svc config set` with SVC_CONFIG_DIR there. The
// standalone binary's Bun threw, which svc called an unexpected error (exit 1), naming another level
// than Node does. Now both make folders one level at a time, and say which could not be made.
const CANNOT = '/proc/svc-cannot-make-this';
const TIMEOUT = 60_000; // only ends a hang; each run takes well under a second

eachBuild((build) => {
  const svc = (args: string[], env: Record<string, string>): Promise<SvcRun> =>
    runSvcProcess(args, { build, env: { SERVICE_BASE_URL: 'http://127.0.0.1:9/v1', ...env }, timeoutMs: TIMEOUT });

  describe('a folder that cannot be made is refused in one line, never waited on', () => {
    it('the settings folder, at svc config set', async () => {
      expect(await svc(['config', 'set', 'timeout', '5'], { SVC_CONFIG_DIR: `${CANNOT}/svc` })).toEqual({
        code: 2,
        stdout: '',
        stderr: `svc: cannot create the folder ${CANNOT}: ENOENT\n`,
      });
    });

    it('a profile folder of added areas, at svc areas add', async () => {
      const description = join(tempFolder('svc-unmakeable-'), 'pets.json');
      const get = { operationId: 'pets_get', tags: ['pets'], summary: 'Read a pet', responses: { 200: { description: 'the pet' } } };
      writeFileSync(description, JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get } } }));
      const run = await svc(['areas', 'add', description], { SVC_CONFIG_DIR: CANNOT });
      expect(run).toEqual({ code: 2, stdout: '', stderr: `svc: cannot create the folder ${CANNOT}: ENOENT\n` });
    });

    it('the start-up cache folder: svc runs without it', async () => {
      const run = await svc(['--version'], { XDG_CACHE_HOME: CANNOT });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^svc \d+\.\d+\.\d+ /);
      expect(run.stderr).toBe('');
      expect(existsSync(CANNOT)).toBe(false);
    });
  });
});

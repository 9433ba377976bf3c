import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';

// --wait-for on a real terminal (tmux): one status line on stderr while it waits, redrawn in place,
// then the line that says how the value went, and the answer. Skipped, and saying so, without tmux.
let server: MockServer;
let terminal: Terminal | undefined;

beforeAll(async () => {
  // A pending draft reads pending four times: the line is drawn after the first, however slow svc is to start.
  server = await startMockServer({ port: 0, syncAfter: { reads: 4 } });
});
afterAll(() => server.close());
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

eachBuild((build) => {
  const svc = shellCommand(build);

  describe.skipIf(!tmuxAvailable)(`--wait-for on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it('draws the watched value, the polls and the time on one line, then says how it went', async () => {
      server.reset();
      terminal = await Terminal.open({
        width: 100,
        height: 20,
        env: {
          PATH: shellPath(build),
          HOME: freshConfigDir(),
          TERM: 'xterm-256color',
          PS1: '$ ',
          NO_COLOR: '1',
          SERVICE_BASE_URL: server.url,
          SERVICE_API_KEY: server.apiKey,
          SVC_CONFIG_DIR: freshConfigDir(),
        },
      });
      // The marker line says svc has exited (its code cache written), as Terminal.run finds the end.
      const command = `${svc} email drafts get dr_456 --wait-for "syncStatus == 'synced'" --wait-interval 0.3 --query '{status: syncStatus}'`;
      await terminal.type(`clear; ${command}; printf '%s\\n' "__WAIT""_DONE__"`);
      await terminal.keys('Enter');
      const waiting = await terminal.waitFor((screen) => screen.some((line) => /^syncStatus: pending · \d+ polls? · [\d.]+ s of 5 min$/.test(line)));
      expect(waiting.filter((line) => line.startsWith('syncStatus:'))).toHaveLength(1);
      // Five polls, 0.3 s growing by half: about 2.4 s idle, more on a loaded machine.
      const done = await terminal.waitFor((screen) => screen.includes('__WAIT_DONE__'), 30_000);
      const met = done.findIndex((line) => line.startsWith('svc: syncStatus:'));
      expect(done[met]).toMatch(/^svc: syncStatus: pending → synced after [\d.]+ s \(5 polls\)$/);
      expect(done.slice(met + 1, met + 4)).toEqual(['{', '  "status": "synced"', '}']);
      // The status line was replaced, not left behind.
      expect(done.filter((line) => / · \d+ polls? · /.test(line))).toEqual([]);
    });

    it('keeps the status line within a terminal narrower than it, so no redraw leaves a row behind', async () => {
      server.reset();
      terminal = await Terminal.open({
        width: 30,
        height: 30,
        env: {
          PATH: shellPath(build),
          HOME: freshConfigDir(),
          TERM: 'xterm-256color',
          PS1: '$ ',
          NO_COLOR: '1',
          SERVICE_BASE_URL: server.url,
          SERVICE_API_KEY: server.apiKey,
          SVC_CONFIG_DIR: freshConfigDir(),
        },
      });
      const command = `${svc} email drafts get dr_456 --wait-for "syncStatus == 'synced'" --wait-interval 0.3 --query syncStatus`;
      await terminal.type(`clear; ${command}; printf '%s\\n' "__WAIT""_DONE__"`);
      await terminal.keys('Enter');
      const done = await terminal.waitFor((screen) => screen.includes('__WAIT_DONE__'), 30_000);
      // Each redraw, 29 columns at most, covered the one before: no row of an earlier status line is left.
      expect(done.filter((line) => line.startsWith('syncStatus:') || /^\d+ polls? · /.test(line) || / of 5 min$/.test(line))).toEqual([]);
      expect(done[done.indexOf('__WAIT_DONE__') - 1]).toBe('"synced"');
    });
  });
});

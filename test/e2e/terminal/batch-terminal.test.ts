import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';
import { tempFolder } from '../../support/temp-folder.js';

// Batch mode on a real terminal (tmux): the progress bar while it runs, the summary after, and the
// one confirmation of a destructive batch. Skipped, and saying so, without tmux.
let server: MockServer;
let terminal: Terminal | undefined;
let dir: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, latencyMs: 15 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  dir = tempFolder('svc-batch-tty-');
});
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

async function openTerminal(build: SvcBuild): Promise<Terminal> {
  terminal = await Terminal.open({
    width: 100,
    height: 20,
    env: {
      PATH: shellPath(build),
      HOME: freshConfigDir(),
      TERM: 'xterm-256color',
      PS1: '$ ',
      SERVICE_BASE_URL: server.url,
      SERVICE_API_KEY: server.apiKey,
      SVC_CONFIG_DIR: freshConfigDir(),
    },
  });
  return terminal;
}

eachBuild((build) => {
  const svc = shellCommand(build);

  describe.skipIf(!tmuxAvailable)(`svc batch on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it('draws a progress bar on stderr while it runs, then leaves only the summary line', async () => {
      const input = join(dir, 'recipients.ndjson');
      writeFileSync(input, Array.from({ length: 150 }, (_, i) => JSON.stringify({ data: { firstName: `Lead ${i + 1}`, company: 'Acme' } })).join('\n') + '\n');
      const term = await openTerminal(build);
      await term.type(`clear; ${svc} email templates preview tpl_welcome --input ${input} --concurrency 1 > ${join(dir, 'out.ndjson')}`);
      await term.keys('Enter');
      const running = await term.waitFor((screen) => screen.some((line) => /^\[#*\.*\] +\d+% [\d,]+ done · 0 failed · \d+\/s · ETA /.test(line)));
      expect(running.join('\n')).not.toContain('svc: 150 lines');
      // 150 calls in turn: 2.3 s idle, over 11 s on a loaded 2-core machine (13 lines/s), past waitFor's 10 s default.
      const done = await term.waitFor((screen) => screen.some((line) => line.startsWith('svc: 150 lines')), 45_000);
      const summary = done.findIndex((line) => line.startsWith('svc: 150 lines'));
      expect(done[summary]).toMatch(/^svc: 150 lines: 150 succeeded, 0 failed in [\d.]+s \(\d+\/s\)$/);
      expect(done.join('\n')).not.toMatch(/ETA/); // the bar was cleared
      expect(readFileSync(join(dir, 'out.ndjson'), 'utf8').trim().split('\n')).toHaveLength(150);
    });

    it('a destructive batch asks once, naming the line count; "n" sends nothing', async () => {
      const input = join(dir, 'paths.ndjson');
      writeFileSync(input, '{"path":"notes/todo.md"}\n\n{"path":"tmp/scratch.txt"}\n');
      const term = await openTerminal(build);
      await term.type(`clear; ${svc} files delete --input ${input}`);
      await term.keys('Enter');
      const asked = `Delete a file or directory, once for each of the 2 lines of ${input}? This cannot be undone. [y/N]`;
      const squeezed = (text: string) => text.replace(/\s/g, ''); // the question may wrap
      await term.waitFor((screen) => squeezed(screen.join('')).includes(squeezed(asked)));
      await term.type('n');
      await term.keys('Enter');
      await term.waitFor((screen) => screen.includes('svc: cancelled: nothing was sent'));
      expect(server.requests).toEqual([]);
    });
  });
});

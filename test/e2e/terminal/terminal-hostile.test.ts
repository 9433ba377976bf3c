import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../../support/hostile-server.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';

// A hostile server's escape sequences reach a real terminal (tmux) through every output path of
// bin/svc: the screen must show them as text, the window title must not change, the screen must
// not be cleared, and no forged "svc:" line may appear. Needs tmux; skipped, saying so, without it.
let server: HostileServer;
let terminal: Terminal | undefined;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

const runs = [
  ['an error message', 'email drafts get escape-error'],
  ['a JSON answer, coloured', 'email drafts get escape-success'],
  ['a table', 'email drafts get escape-header --output table'],
  ['YAML', 'email drafts get escape-success --output yaml'],
  ['the --debug trace', 'email drafts get escape-success --debug'],
];

eachBuild((build) => {
  const svc = shellCommand(build);

  describe.skipIf(!tmuxAvailable)(
    `escape sequences from the server on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed; CI installs it)'}`,
    () => {
      it.each(runs)('%s: shown, not obeyed', async (_name, words) => {
        terminal = await Terminal.open({
          width: 160,
          height: 40,
          env: {
            PATH: shellPath(build),
            HOME: freshConfigDir(),
            TERM: 'xterm-256color',
            PS1: '$ ',
            SERVICE_BASE_URL: server.url,
            SERVICE_API_KEY: 'svc_agent_terminalTests1234',
            SVC_CONFIG_DIR: freshConfigDir(),
          },
        });
        const before = await terminal.title();
        const screen = await terminal.run(`echo STILL-HERE; ${svc} ${words}`);
        expect(screen.join('\n')).toContain('STILL-HERE'); // no screen clear
        expect(await terminal.title()).toBe(before); // no title change
        expect(await terminal.title()).not.toContain('pwned');
        expect(screen.some((line) => /^svc: all good/.test(line))).toBe(false); // no forged line
        expect(screen.join('\n')).toMatch(/\[2J|\]0;pwned/); // the sequences are there, as text
      });
    },
  );
});

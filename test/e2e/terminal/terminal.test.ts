import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtInFixtures } from '../../../src/mock/fixtures.js';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';

// svc on a real terminal: a tmux session of a known size runs bin/svc, and the test reads the
// screen. Needs tmux (CI's .ci/run installs it); without it these tests are skipped, and say why.
const LONG_TITLE = 'Quarterly pipeline review with every regional sales lead and the finance team';

let server: MockServer;
let terminal: Terminal | undefined;

beforeAll(async () => {
  const occurrences = [
    { taskId: 'tsk_l1', title: LONG_TITLE, dueAt: '2026-04-01T09:00:00Z', status: 'open' },
    { taskId: 'tsk_l2', title: LONG_TITLE, dueAt: '2026-07-01T09:00:00Z', status: 'blocked' },
  ];
  server = await startMockServer({
    port: 0,
    fixtures: { ...builtInFixtures, taskSeries: { ...builtInFixtures.taskSeries, ser_long: { title: 'Long', occurrences } } },
  });
});
afterAll(() => server.close());
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

async function openTerminal(width: number, build: SvcBuild): Promise<Terminal> {
  terminal = await Terminal.open({
    width,
    height: 30,
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

  describe.skipIf(!tmuxAvailable)(`svc on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it('shows a list of objects as a table with a column per key', async () => {
      const term = await openTerminal(100, build);
      const screen = await term.run(`${svc} crm tasks series occurrences list ser_weekly`);
      expect(screen).toEqual([
        'taskId  title                   dueAt                 status',
        'tsk_w1  Weekly pipeline review  2026-03-02T09:00:00Z  done',
        'tsk_w2  Weekly pipeline review  2026-03-09T09:00:00Z  open',
        'tsk_w3  Weekly pipeline review  2026-03-16T09:00:00Z  open',
      ]);
    });

    it('cuts long values to the width of the terminal, one screen line a row', async () => {
      const term = await openTerminal(60, build);
      const screen = await term.run(`${svc} crm tasks series occurrences list ser_long`);
      expect(screen).toHaveLength(3); // a header and two rows: nothing wrapped onto a second line
      expect(screen[0]).toMatch(/^taskId +title +dueAt +status$/);
      expect(screen[1]).toMatch(/^tsk_l1 +Quarterly pipeline[^…]*… +2026-04-01T09:00:00Z +open$/);
      expect(screen[2]).toMatch(/ blocked$/);
      for (const line of screen) expect(line.length).toBeLessThanOrEqual(60);
    });

    it('shows an object as JSON, and the same command piped is JSON too', async () => {
      const term = await openTerminal(100, build);
      const screen = await term.run(`${svc} email drafts get dr_456 --query '{id: draftId, status: syncStatus}'`);
      expect(screen).toEqual(['{', '  "id": "dr_456",', '  "status": "pending"', '}']);
      const piped = await term.run(`${svc} crm tasks series occurrences list ser_weekly --query '[0].taskId' | cat`);
      expect(piped).toEqual(['"tsk_w1"']);
    });

    it('shows a template preview as subject, variables used and the body as text', async () => {
      const term = await openTerminal(100, build);
      const screen = await term.run(`${svc} email templates preview tpl_welcome --data firstName=Ada --data 'company=Acme & Co'`);
      expect(screen).toEqual([
        'Subject:         Welcome, Ada',
        'Variables used:  firstName, company',
        '',
        'Hi Ada,',
        '',
        'Welcome to Acme & Co. Reply any time, Ada.',
      ]);
    });

    it('--output json on a terminal overrides the table', async () => {
      const term = await openTerminal(100, build);
      const screen = await term.run(`${svc} crm tasks series occurrences list ser_weekly --output json --query '[0:1].status'`);
      expect(screen).toEqual(['[', '  "done"', ']']);
    });
  });
});

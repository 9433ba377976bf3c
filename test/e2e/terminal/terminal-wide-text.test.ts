import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtInFixtures } from '../../../src/mock/fixtures.js';
import { type MockServer, startMockServer } from '../../../src/mock/server.js';
import { eachBuild, shellCommand, shellPath, type SvcBuild } from '../../support/builds.js';
import { freshConfigDir } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';

// A template preview holding CJK text, emoji and a <pre> block, on a real 40-column
// terminal (tmux). tmux itself is the judge of width: a line wider than the terminal is one tmux
// wraps, and `capture-pane -J` joins it back, so the screen with and without -J differ.
const WIDTH = 40;
const CJK = 'これは日本語の長い段落です。空白がないので、文字と文字の間で折り返さなければなりません。終わり。';
const EMOJI = '🎉'.repeat(25);
const MIXED = 'Mixed: 中文 text with 한국어 words and 👍 emoji in a sentence long enough to wrap twice over.';
const CODE = ['function greet() {', '    return "こんにちは、世界。こんにちは、世界。こんにちは、世界。";', '}'];
const TEMPLATE = {
  name: 'Wide',
  subject: 'ようこそ {{firstName}} 🎉 新しいワークスペースへの招待状と、最初の一週間の案内です',
  htmlBody: `<p>${CJK}</p><p>${EMOJI}</p><pre>${CODE.join('\n')}</pre><p>${MIXED}</p>`,
};

/**
 * Cells a line of this test's text takes, by the East Asian Width of the characters it uses (all
 * "W": kana, CJK ideographs and punctuation, Hangul, 🎉 and 👍), independently of svc's string-width.
 */
const cells = (line: string): number =>
  [...line].reduce((sum, c) => sum + (/[\u3000-\u30ff\u4e00-\u9fff\uac00-\ud7af\uff00-\uff60\u{1f389}\u{1f44d}]/u.test(c) ? 2 : 1), 0);

let server: MockServer;
let terminal: Terminal | undefined;

beforeAll(async () => {
  server = await startMockServer({ port: 0, fixtures: { ...builtInFixtures, templates: { ...builtInFixtures.templates, tpl_wide: TEMPLATE } } });
});
afterAll(() => server.close());
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
});

function openTerminal(width: number, build: SvcBuild): Promise<Terminal> {
  return Terminal.open({
    width,
    height: 50,
    utf8: true,
    env: {
      PATH: shellPath(build),
      HOME: freshConfigDir(),
      LANG: 'C.UTF-8',
      HISTFILE: '', // bash writes no history into HOME as tmux ends it, while HOME is being removed
      TERM: 'xterm-256color',
      PS1: '$ ',
      SERVICE_BASE_URL: server.url,
      SERVICE_API_KEY: server.apiKey,
      SVC_CONFIG_DIR: freshConfigDir(),
    },
  });
}

eachBuild((build) => {
  const svc = shellCommand(build);

  describe.skipIf(!tmuxAvailable)(`wide text in a template preview on a real terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it(`wraps CJK text and emoji within ${WIDTH} cells, keeps every character, and keeps a <pre> block's indentation`, async () => {
      terminal = await openTerminal(WIDTH, build);
      const screen = await terminal.run(`${svc} email templates preview tpl_wide --data firstName=Ada`);
      // No line reached past the right edge: tmux wrapped none of them.
      const joined = await terminal.screen({ joinWrapped: true });
      expect(joined.slice(0, screen.length)).toEqual(screen);
      for (const line of screen) expect(cells(line)).toBeLessThanOrEqual(WIDTH);
      const text = (lines: string[]) => lines.join('').replace(/\s/g, '');

      // A subject wider than the terminal wraps under itself, past the labels' column.
      const variables = screen.indexOf('Variables used:  firstName');
      expect(screen[0]).toMatch(/^Subject: {9}ようこそ Ada 🎉/);
      expect(variables).toBeGreaterThan(1);
      for (const line of screen.slice(1, variables)) expect(line).toMatch(/^ {17}\S/);
      expect(text(screen.slice(0, variables))).toBe(text(['Subject:', 'ようこそ Ada 🎉 新しいワークスペースへの招待状と、最初の一週間の案内です']));
      expect(screen[variables + 1]).toBe('');
      const body = screen.slice(variables + 2);
      // Every character is there, in order; svc broke lines only (between characters, or at spaces).
      expect(text(body)).toBe(text([CJK, EMOJI, ...CODE, MIXED]));
      // Lines were filled: a wrapped line of wide characters ends within one cell of the edge.
      const cjkLines = body.slice(0, body.indexOf(''));
      expect(cjkLines.length).toBeGreaterThan(1);
      for (const line of cjkLines.slice(0, -1)) expect(cells(line)).toBeGreaterThanOrEqual(WIDTH - 1);
      // The <pre> block: its first line as written, and the indented line wraps to lines indented the same.
      const start = body.indexOf(CODE[0]!);
      const end = body.indexOf(CODE[2]!, start);
      expect(start).toBeGreaterThan(0);
      const indented = body.slice(start + 1, end);
      expect(indented.length).toBeGreaterThan(1);
      for (const line of indented) expect(line).toMatch(/^ {4}\S/);
    });
  });

  describe.skipIf(!tmuxAvailable)(`a terminal that reports 0 columns${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
    it('shows the data at 80 columns, or at COLUMNS when set, not empty lines', async () => {
      terminal = await openTerminal(100, build);
      // `stty cols 0` makes the terminal itself report 0 columns, as some serial consoles and CI pseudo-terminals do.
      const reported = await terminal.run(`stty cols 0; "${process.execPath}" -e 'console.log(process.stdout.columns)'`);
      expect(reported).toEqual(['0']);
      const rows = await terminal.run(`stty cols 0; ${svc} crm tasks series occurrences list ser_weekly`);
      expect(rows).toEqual([
        'taskId  title                   dueAt                 status',
        'tsk_w1  Weekly pipeline review  2026-03-02T09:00:00Z  done',
        'tsk_w2  Weekly pipeline review  2026-03-09T09:00:00Z  open',
        'tsk_w3  Weekly pipeline review  2026-03-16T09:00:00Z  open',
      ]);
      const cut = await terminal.run(`stty cols 0; COLUMNS=30 ${svc} crm tasks series occurrences list ser_weekly`);
      expect(cut).toHaveLength(4);
      expect(cut[1]).toMatch(/^tsk_w1 .*…/);
      for (const line of cut) expect(line.length).toBeLessThanOrEqual(30);
    });
  });
});

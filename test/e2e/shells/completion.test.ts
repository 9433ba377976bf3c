import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, registry, workspace } from '../../../registry/index.js';
import { builtins } from '../../../src/cli/builtins.js';
import { describeStandalone, STANDALONE_BUILD } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';
import { Terminal, tmuxAvailable } from '../../support/tmux.js';
import { tempFolder } from '../../support/temp-folder.js';

// The completion scripts, loaded into real shells that are asked to complete. The scripts are
// static text (they run no svc while completing): the standalone binary's are checked to be the same
// bytes as the npm build's, so each scenario holds for both.
const exec = promisify(execFile);
const has = (shell: string) => spawnSync(shell, ['--version'], { stdio: 'ignore' }).status === 0;
const dir = tempFolder('svc-completion-');
const scripts: Record<string, string> = {};

// Three svc processes, side by side; the bound is for a loaded machine and a large import (scripts of megabytes).
beforeAll(async () => {
  await Promise.all(
    ['bash', 'zsh', 'fish'].map(async (shell) => {
      const run = await runSvcProcess(['completion', shell], { timeoutMs: 50_000 });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      scripts[shell] = join(dir, `svc.${shell}`);
      writeFileSync(scripts[shell], run.stdout);
    }),
  );
  writeFileSync(join(dir, 'preview-notes.html'), '');
  // File names a shell must keep whole: a space, and a glob character.
  writeFileSync(join(dir, 'my leads.csv'), '');
  writeFileSync(join(dir, 'my*glob.csv'), '');
}, 60_000);

/**
 * Sources the script in bash, reads the completion function from `complete -p svc`, then calls it
 * with COMP_WORDS/COMP_CWORD set for each line and prints COMPREPLY.
 */
async function bashComplete(lines: string[][]): Promise<{ spec: string; replies: string[][] }> {
  const calls = lines.map((words) => `ask ${words.map((w) => `'${w}'`).join(' ')}`).join('\n');
  const program = `
source '${scripts.bash}'
spec="$(complete -p svc)"; echo "$spec"
fn="\${spec#*-F }"; fn="\${fn%% *}"
ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMPREPLY=(); "$fn"; local IFS=$'\\t'; echo "reply:\${COMPREPLY[*]}"; }
cd '${dir}'
${calls}`;
  // One reply line per operation when asked about every one: an imported registry's run to megabytes.
  const { stdout } = await exec('bash', ['--norc', '--noprofile', '-c', program], { maxBuffer: 256 * 1024 * 1024 });
  const [spec, ...rest] = stdout.trimEnd().split('\n');
  return {
    spec: spec!,
    replies: rest.map((line) =>
      line
        .replace(/^reply:/, '')
        .split('\t')
        .filter(Boolean),
    ),
  };
}

const topLevel = [...Object.keys(areas), ...Object.keys(builtins)].sort();

const cases: [words: string[], expected: string[]][] = [
  [['svc', ''], topLevel],
  [['svc', 'em'], topLevel.filter((word) => word.startsWith('em'))],
  [
    ['svc', 'email', ''],
    ['drafts', 'templates'],
  ],
  [['svc', 'crm', 'tasks', 'series', 'occurrences', ''], ['list']],
  [
    ['svc', '--output', ''],
    ['json', 'yaml', 'table', 'ndjson'],
  ],
  [['svc', 'email', 'drafts', 'get', 'dr_1', '--output', 'y'], ['yaml']],
  [['svc', '--output', '=', 'n'], ['ndjson']],
  [['svc', 'campaigns', 'person', 'add', 'seq_1', '--li'], ['--linkedin-profile-url']],
  [['svc', 'files', 'delete', 'x', '--y'], ['--yes']],
  [['svc', '--profile', 'crm', ''], topLevel], // "crm" is the profile's name, not a command word
  [
    ['svc', 'completion', ''],
    ['bash', 'zsh', 'fish', 'powershell'],
  ],
  [['svc', 'completion', 'bash', ''], []], // one shell only
  [
    ['svc', 'api', 'P'],
    ['POST', 'PUT', 'PATCH'],
  ],
  [['svc', 'api', 'GET', '/x', '--output', 'nd'], ['ndjson']],
  [
    ['svc', 'openapi', '--format', ''],
    ['json', 'yaml'],
  ],
  [['svc', 'ops', 'files'], ['files_delete']],
  [['svc', 'email', 'templates', 'preview', 'tpl', '--save-html', 'prev'], ['preview-notes.html']],
  [
    ['svc', 'auth', ''],
    ['login', 'status', 'token', 'logout'],
  ],
  // A file name with a space or a glob character is one candidate, as it is.
  [
    ['svc', 'campaigns', 'person', 'add', 's', '--input', 'my'],
    ['my leads.csv', 'my*glob.csv'],
  ],
  [['svc', 'campaigns', 'person', 'add', 's', '--input', 'my*'], ['my*glob.csv']],
  // After --, every word is an argument: no flags, no subcommands.
  [['svc', 'campaigns', 'person', 'add', '--', ''], []],
  [['svc', 'campaigns', 'person', 'add', 's', '--', '--'], []],
  [['svc', 'email', '--', ''], []],
  [
    ['svc', 'completion', '--', ''],
    ['bash', 'zsh', 'fish', 'powershell'],
  ],
];

describe('bash completion', () => {
  it('registers a function for svc and completes commands, flags and --output values', async () => {
    const { spec, replies } = await bashComplete(cases.map(([words]) => words));
    expect(spec).toMatch(/^complete -F \S+ svc$/);
    cases.forEach(([words, expected], i) => expect(replies[i]!.sort(), words.join(' ')).toEqual([...expected].sort()));
  });

  it('offers every flag of a generated command, with the global ones', async () => {
    const { replies } = await bashComplete([['svc', 'crm', 'entries', 'create', 'deals', '--']]);
    expect(replies[0]).toEqual(expect.arrayContaining(['--data', '--body', '--output', '--query', '--dry-run', '--debug', '--help']));
    expect(replies[0]).not.toContain('--version');
  });

  it("knows every operation of svc's own, and a sample of every imported area's", async () => {
    // Each answer runs bash's completion function (about 0.15 s with 1,200 operations); one in 20 of an import's is asked.
    const ids = Object.keys(registry).filter((id, i) => Object.hasOwn(workspace, id) || i % 20 === 0);
    const { replies } = await bashComplete(ids.map((id) => ['svc', ...id.split('_').slice(0, -1), '']));
    ids.forEach((id, i) => expect(replies[i]).toContain(id.split('_').at(-1)));
  });
});

describe.skipIf(!tmuxAvailable)(`bash completion on a terminal${tmuxAvailable ? '' : ' (skipped: tmux is not installed)'}`, () => {
  it('inserts a file name with a space or a glob character as one word, quoted', async () => {
    const term = await Terminal.open({ width: 100, height: 10, env: { HOME: dir, PS1: '$ ', TERM: 'xterm-256color', PATH: '/usr/bin:/bin' } });
    try {
      await term.run(`source '${scripts.bash}'; cd '${dir}'; clear`);
      await term.type('svc campaigns person add s --input my\\ ');
      await term.keys('Tab');
      await term.waitFor((screen) => screen.some((line) => line.endsWith('--input my\\ leads.csv')));
      await term.keys('C-u');
      await term.type('svc campaigns person add s --input my\\*');
      await term.keys('Tab');
      await term.waitFor((screen) => screen.some((line) => line.endsWith('--input my\\*glob.csv')));
    } finally {
      await term.close();
    }
  });
});

describe.skipIf(!has('fish'))(`fish completion${has('fish') ? '' : ' (skipped: fish is not installed)'}`, () => {
  it('completes commands, flags, --output values and file names, after a space or an = (--input=<prefix>)', async () => {
    const lines = [
      'svc em',
      'svc email ',
      'svc crm entries create deals --da',
      'svc --output ',
      'svc --output=y',
      'svc completion ',
      'svc completion fish ',
      'svc campaigns person add s --input my',
      'svc email drafts get d -- -',
      'svc email -- ',
      'svc completion -- ',
      'svc campaigns person add s --input=my',
      'svc email templates preview t --save-html=preview-',
    ];
    const program = `cd '${dir}'\nsource '${scripts.fish}'\nfor line in ${lines.map((l) => `'${l}'`).join(' ')}\n  echo (complete -C"$line" | string split -f1 \\t | string join '|')\nend`;
    const { stdout } = await exec('fish', ['--no-config', '-c', program]);
    expect(stdout.replace(/\n$/, '').split('\n')).toEqual([
      topLevel.filter((word) => word.startsWith('em')).join('|'),
      'drafts|templates',
      '--data',
      'json|ndjson|table|yaml',
      '--output=yaml',
      'bash|fish|powershell|zsh',
      '',
      'my leads.csv|my*glob.csv',
      '',
      '',
      'bash|fish|powershell|zsh',
      '--input=my leads.csv|--input=my*glob.csv',
      '--save-html=preview-notes.html',
    ]);
  });
});

const zshReady = has('zsh') && tmuxAvailable;
describe.skipIf(!zshReady)(`zsh completion${zshReady ? '' : ' (skipped: zsh or tmux is not installed)'}`, () => {
  it.each(['sourced after compinit', 'as _svc on $fpath'])('completes on a real zsh line editor with compinit, %s', async (loaded) => {
    const home = freshConfigDir();
    const functions = join(home, 'functions');
    mkdirSync(functions);
    copyFileSync(scripts.zsh!, join(functions, '_svc'));
    const load =
      loaded === 'as _svc on $fpath'
        ? [`fpath=('${functions}' $fpath)`, 'autoload -U compinit && compinit -u']
        : ['autoload -U compinit && compinit -u', `source '${scripts.zsh}'`];
    writeFileSync(join(home, '.zshrc'), `PS1='%% '\n${load.join('\n')}\n`);
    const term = await Terminal.open({
      width: 100,
      height: 20,
      env: { HOME: home, ZDOTDIR: home, TERM: 'xterm-256color', PATH: '/usr/bin:/bin' },
      shell: ['zsh', '-i'],
    });
    try {
      await term.waitFor((screen) => screen[0] === '%');
      await term.type('svc ema');
      await term.keys('Tab');
      await term.waitFor((screen) => screen[0] === '% svc email');
      await term.type('dr');
      await term.keys('Tab');
      await term.waitFor((screen) => screen[0] === '% svc email drafts');
      await term.type('get d1 --output ');
      await term.keys('Tab');
      const screen = await term.waitFor((lines) => lines.some((line) => /json +ndjson +table +yaml/.test(line)));
      expect(screen[0]).toBe('% svc email drafts get d1 --output');
      // After --, no flag is offered: the Tab leaves --ou as it is, and the next key lands after it.
      await term.keys('C-c');
      await term.waitFor((lines) => lines.at(-1) === '%' || lines.some((line) => line === '%'));
      await term.keys('C-l');
      await term.type('svc email drafts get d1 -- --ou');
      await term.keys('Tab');
      await term.type('X');
      await term.waitFor((lines) => lines[0] === '% svc email drafts get d1 -- --ouX');
    } finally {
      await term.close();
    }
  });
});

describeStandalone("the standalone binary's completion scripts", () => {
  it.each(['bash', 'zsh', 'fish'])("%s: the same bytes as the npm build's, so every completion above holds for the binary too", async (shell) => {
    const run = await runSvcProcess(['completion', shell], { build: STANDALONE_BUILD, timeoutMs: 50_000 });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout === readFileSync(scripts[shell]!, 'utf8')).toBe(true);
  });
});

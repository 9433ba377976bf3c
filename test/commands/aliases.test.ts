import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { areas } from '../../registry/areas.js';
import { builtins } from '../../src/cli/builtins.js';
import { type MockServer, startMockServer } from '../../src/mock/server.js';
import { freshConfigDir, runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';

// Aliases end to end: the real bin/svc, its real config file, and a real server on 127.0.0.1 that
// records what it received.
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const world = () => {
  const dir = freshConfigDir();
  return { dir, env: { SVC_CONFIG_DIR: dir, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey } };
};
const received = () => mock.requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`);

describe('svc alias', () => {
  it('set, then the alias runs the command with its arguments and flags; list shows it; delete removes it', async () => {
    const { dir, env } = world();
    const set = await runSvc(['alias', 'set', 'dg', 'email drafts get'], { env });
    expect(set).toMatchObject({ code: 0, stdout: '', stderr: 'Added alias dg: svc dg now runs svc email drafts get\n' });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ aliases: { dg: 'email drafts get' } });
    const call = await runSvc(['dg', 'dr_123', '--output', 'json', '--query', 'draftId'], { env });
    expect(call).toMatchObject({ code: 0, stdout: '"dr_123"\n', stderr: '' });
    // Global flags before the alias stay where they are.
    expect((await runSvc(['--timeout', '5', 'dg', 'dr_123'], { env })).code).toBe(0);
    expect(received()).toEqual(['GET /v1/email/drafts/dr_123', 'GET /v1/email/drafts/dr_123']);
    expect(await runSvc(['alias', 'list'], { env })).toMatchObject({ code: 0, stdout: 'dg: email drafts get\n' });
    expect(await runSvc(['alias', 'delete', 'dg'], { env })).toMatchObject({ code: 0, stderr: 'Deleted alias dg\n' });
    const gone = await runSvc(['dg', 'dr_123'], { env });
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^svc: unknown command 'dg'/);
    expect(await runSvc(['alias', 'list'], { env })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: "No aliases yet; `svc alias set <name> '<words>'` adds one.\n",
    });
  });

  it('$1 takes the first argument after the alias, the rest follow; quotes keep a value whole', async () => {
    const { env } = world();
    expect((await runSvc(['alias', 'set', 'occ', 'crm tasks series occurrences list $1 --output json'], { env })).code).toBe(0);
    expect((await runSvc(['alias', 'set', 'acme', `crm entries create companies --data 'name=Acme Corp' --data "owner=usr_ada"`], { env })).code).toBe(0);
    expect((await runSvc(['occ', 'ser_weekly', '--query', 'length(@)'], { env })).code).toBe(0);
    expect((await runSvc(['acme'], { env })).code).toBe(0);
    expect(received()).toEqual([
      'GET /v1/crm/tasks/series/ser_weekly/occurrences',
      'POST /v1/crm/objects/companies/entries {"data":{"name":"Acme Corp","owner":"usr_ada"}}',
    ]);
    const missing = await runSvc(['occ'], { env });
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: 'svc: alias "occ" needs argument $1, and none was given\n' });
    expect(mock.requests).toHaveLength(2);
  });

  it('help works through an alias, as the command it stands for', async () => {
    const { env } = world();
    await runSvc(['alias', 'set', 'dg', 'email drafts get'], { env });
    const viaAlias = await runSvc(['dg', '--help'], { env });
    const direct = await runSvc(['email', 'drafts', 'get', '--help'], { env });
    expect(viaAlias.code).toBe(0);
    expect(viaAlias.stdout).toBe(direct.stdout);
  });

  it.each([
    [['alias', 'set', 'email', 'crm entries create'], 'svc: "email" is a command of svc\'s own; an alias never shadows one\n'],
    [['alias', 'set', 'api', 'email drafts get'], 'svc: "api" is a command of svc\'s own; an alias never shadows one\n'],
    [['alias', 'set', '--x', 'email drafts get'], "svc: unknown option '--x'\n"],
    [['alias', 'set', 'a b', 'email drafts get'], 'svc: alias names are letters, digits, - and _ (up to 64), starting with a letter or digit: "a b"\n'],
    [['alias', 'set', 'sh', '!rm -rf /'], 'svc: an alias expands to svc words only; shell aliases (starting with !) are not supported\n'],
    [['alias', 'set', 'q', `email drafts get 'dr_1`], "svc: the expansion has an unclosed single quote: email drafts get 'dr_1\n"],
    [['alias', 'set', 'x', 'nosuch thing'], 'svc: an alias must stand for svc\'s own words, and "nosuch" is not a command (`svc --help` lists them)\n'],
    [['alias', 'set', 'x', '   '], 'svc: an alias needs the svc words it stands for, such as "email drafts get"\n'],
    [['alias', 'delete', 'nope'], 'svc: no alias named "nope"; `svc alias list` lists them\n'],
  ])('%j is refused in one line, exit 2, and the config file is not written', async (argv, message) => {
    const { dir, env } = world();
    const run = await runSvc(argv, { env });
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: message });
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
  });

  it('an expansion with a control character is refused; one in a hand-edited file is listed visible, on its own line', async () => {
    const { dir, env } = world();
    const refused = await runSvc(['alias', 'set', 'z', 'email drafts get \u001b]0;owned\u0007'], { env });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'svc: the expansion holds a control character (U+001B at character 18); an alias is svc words\n',
    });
    expect(() => readFileSync(join(dir, 'config.json'), 'utf8')).toThrow();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ aliases: { dg: 'email drafts get\nevil: email drafts get \u001b[2J' } }), { mode: 0o600 });
    expect(await runSvc(['alias', 'list'], { env })).toMatchObject({ code: 0, stdout: 'dg: email drafts get^Jevil: email drafts get ^[[2J\n' });
    expect(received()).toEqual([]);
  });

  it('an existing alias is replaced only with --clobber', async () => {
    const { env } = world();
    await runSvc(['alias', 'set', 'dg', 'email drafts get'], { env });
    expect(await runSvc(['alias', 'set', 'dg', 'files delete'], { env })).toMatchObject({
      code: 2,
      stderr: 'svc: alias "dg" already stands for "email drafts get"; add --clobber to replace it\n',
    });
    expect(await runSvc(['alias', 'set', 'dg', 'files delete', '--clobber'], { env })).toMatchObject({
      code: 0,
      stderr: 'Changed alias dg from "email drafts get" to "files delete"\n',
    });
    expect((await runSvc(['alias', 'list'], { env })).stdout).toBe('dg: files delete\n');
  });

  it('bash completes alias names, and an alias as the command it stands for', async () => {
    const { dir, env } = world();
    await runSvc(['alias', 'set', 'dg', 'email drafts get'], { env });
    await runSvc(['alias', 'set', 'tpl', 'email templates'], { env });
    const script = await runSvc(['completion', 'bash'], { env });
    expect(script.code).toBe(0);
    const file = join(tempFolder('svc-alias-completion-'), 'svc.bash');
    writeFileSync(file, script.stdout);
    const ask = (words: string[]) => `ask ${words.map((w) => `'${w}'`).join(' ')}`;
    const program = `source '${file}'
fn="$(complete -p svc)"; fn="\${fn#*-F }"; fn="\${fn%% *}"
ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); "$fn"; local IFS=' '; echo "\${COMPREPLY[*]}"; }
${[
  ['svc', 'd'],
  ['svc', 'dg', 'dr_1', '--out'],
  ['svc', 'tpl', ''],
  ['svc', 'tpl', 'preview', 't', '--save'],
]
  .map(ask)
  .join('\n')}`;
    const { stdout } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', program], { cwd: dir });
    const [first, ...rest] = stdout.trimEnd().split('\n');
    // `svc d`: the alias beside every command word that starts with d (none in svc's own; an imported area may add some).
    const commandWords = [...Object.keys(areas), ...Object.keys(builtins)].filter((word) => word.startsWith('d'));
    expect(first!.split(' ').sort()).toEqual([...commandWords, 'dg'].sort());
    expect(rest).toEqual(['--output', 'preview', '--save-html']);
  });
});

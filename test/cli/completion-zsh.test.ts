import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { CompletionNode } from '../../src/cli/completion/model.js';
import { zshScript } from '../../src/cli/completion/zsh.js';

// The zsh script's tables go through a heredoc to `source`: a value must never end it early.
const hostile = "a\nSVC_COMPLETION_DATA\n)\necho PWNED\nsource <(cat <<'SVC_COMPLETION_DATA'";
const node: CompletionNode = {
  path: '',
  subcommands: ['pets'],
  flags: ['--kind'],
  valueFlags: ['--kind'],
  choices: { '--kind': ['cat', hostile] },
  fileFlags: [],
  argValues: [],
  descriptions: { pets: "it's a pet" },
};

describe('zsh completion tables', () => {
  it('keep every row on one line of the heredoc, whatever a value holds', () => {
    const script = zshScript([node]);
    const data = script.split("source <(cat <<'SVC_COMPLETION_DATA'\n")[1]!.split('\nSVC_COMPLETION_DATA\n)\n')[0]!;
    expect(script.split('\n').filter((line) => line === 'SVC_COMPLETION_DATA')).toHaveLength(1);
    for (const line of data.split('\n')) expect(line).toMatch(/^(typeset -gA |_svc_\w+_rows\+=\( ')/);
  });

  it.skipIf(spawnSync('zsh', ['--version']).status !== 0)('loads in zsh with the value as words, and runs nothing of it', () => {
    const program = `compdef() { :; }\nsource /dev/stdin <<'SCRIPT_END'\n${zshScript([node])}\nSCRIPT_END\nprint -r -- "$(_svc_choices ' --kind')|$(_svc_description ' pets')"`;
    const run = spawnSync('zsh', ['-f', '-c', program], { encoding: 'utf8' });
    expect(run.stdout.split('\n')).not.toContain('PWNED'); // the value's echo never ran as a command
    expect(run.stdout.trim()).toBe("cat a SVC_COMPLETION_DATA ) echo PWNED source <(cat <<'SVC_COMPLETION_DATA'|it's a pet");
  });
});

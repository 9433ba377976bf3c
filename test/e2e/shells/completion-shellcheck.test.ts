import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runSvcProcess } from '../../support/svc.js';

// The bash completion script, as `svc completion bash` prints it, is clean under shellcheck. The
// standalone binary prints the same bytes (test/e2e/shells/completion.test.ts checks), so this holds for both builds.
const shellcheck = spawnSync('shellcheck', ['--version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!shellcheck)(`bash completion script${shellcheck ? '' : ' (skipped: shellcheck is not installed)'}`, () => {
  it('passes shellcheck, style notes included', async () => {
    const script = await runSvcProcess(['completion', 'bash']);
    expect(script).toMatchObject({ code: 0, stderr: '' });
    expect(script.stdout).toContain('complete -F _svc_complete svc');
    const lint = spawnSync('shellcheck', ['--shell=bash', '--severity=style', '-'], { input: script.stdout, encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  });
});

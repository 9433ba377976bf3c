import { describe, expect, it } from 'vitest';
import { operationFields } from '../../registry/fields.js';
import { registry } from '../../registry/index.js';
import { describeOperation } from '../../src/cli/operation-description.js';
import { runSvc } from '../support/spawn-svc.js';

const operations = Object.entries(registry);

describe('svc help reference: every command as Markdown on stdout', () => {
  it('has a section per operation with its request, every flag and its meaning, and an example', async () => {
    const { code, stdout, stderr } = await runSvc(['help', 'reference']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const sections = stdout.split(/^## /m).slice(1);
    for (const [id, op] of operations) {
      const d = describeOperation(id, op);
      const section = sections.find((s) => s.startsWith(`\`svc ${id.split('_').join(' ')}\``));
      expect(section, id).toBeDefined();
      expect(section).toContain(`${d.method} ${d.path}`);
      expect(section).toContain(op.examples[0]);
      for (const flag of d.flags) expect(section).toContain(`\`${flag.flag}\`: ${flag.description}`);
      for (const field of operationFields(op)) expect(section).toContain(field.description);
      for (const rule of d.rules) expect(section).toContain(rule.text);
    }
    for (const builtin of ['api', 'mock', 'auth login', 'config set', 'completion', 'ops', 'openapi', 'help']) expect(stdout).toContain(`## \`svc ${builtin}\``);
  });

  it('svc help <command words> prints that command\'s own help, as --help does', async () => {
    const viaHelp = await runSvc(['help', 'email', 'drafts', 'get']);
    const viaFlag = await runSvc(['email', 'drafts', 'get', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: svc email drafts get \[options\] <draftId>/);
  });

  it('svc help with an unknown command is a usage error (exit 2, one line, nothing on stdout)', async () => {
    const { code, stdout, stderr } = await runSvc(['help', 'email', 'nonsense']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe('svc: unknown command "svc email nonsense" for help; `svc --help` lists the commands\n');
  });
});

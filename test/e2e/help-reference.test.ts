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

  // Issue #17: these printed their help on stderr, as for an error, while `svc` alone used stdout.
  it.each([[['email']], [['email', 'drafts']], [['crm', 'tasks', 'series']], [['campaigns', 'person']], [['config']], [['auth']], [['--timeout', '5', 'email']]])(
    'svc %j alone: its help on stdout, exit 0, as svc alone and --help',
    async (args) => {
      const alone = await runSvc(args);
      const words = args.filter((word, i) => !word.startsWith('-') && args[i - 1] !== '--timeout');
      expect({ code: alone.code, stderr: alone.stderr }).toEqual({ code: 0, stderr: '' });
      expect(alone.stdout).toMatch(new RegExp(`^Usage: svc ${words.join(' ')} \\[options\\] \\[command\\]\n`));
      expect(alone.stdout).toBe((await runSvc([...words, '--help'])).stdout);
    },
  );

  it('a group followed by a word that names nothing is an unknown command (exit 2, one line, nothing on stdout)', async () => {
    for (const args of [['email', 'nonsense'], ['email', 'drafts', 'nonsense'], ['config', 'nonsense']]) {
      const { code, stdout, stderr } = await runSvc(args);
      expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: "svc: unknown command 'nonsense'\n" });
    }
  });

  it('svc help with an unknown command is a usage error (exit 2, one line, nothing on stdout)', async () => {
    const { code, stdout, stderr } = await runSvc(['help', 'email', 'nonsense']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe('svc: unknown command "svc email nonsense" for help; `svc --help` lists the commands\n');
  });
});

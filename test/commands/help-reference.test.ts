import { describe, expect, it } from 'vitest';
import { operationFields } from '../../registry/fields.js';
import { importedAreas } from '../../registry/imported/index.js';
import { registry, workspace } from '../../registry/index.js';
import { describeOperation } from '../../src/cli/operation-description.js';
import { readGuides } from '../../src/cli/reference/guides.js';
import { runSvc } from '../support/svc.js';

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
      // An imported operation's field may have no meaning in its description; svc's own all have one.
      for (const field of operationFields(op)) if (field.description !== undefined) expect(section).toContain(field.description);
      for (const rule of d.rules) expect(section).toContain(rule.text);
    }
    for (const builtin of ['api', 'mock', 'auth login', 'config set', 'completion', 'ops', 'openapi', 'help'])
      expect(stdout).toContain(`## \`svc ${builtin}\``);
  });

  // A group alone prints its help on stdout, as svc alone does, never on stderr as for an error.
  it.each([
    [['email']],
    [['email', 'drafts']],
    [['crm', 'tasks', 'series']],
    [['campaigns', 'person']],
    [['config']],
    [['auth']],
    [['--timeout', '5', 'email']],
  ])('svc %j alone: its help on stdout, exit 0, as svc alone and --help', async (args) => {
    const alone = await runSvc(args);
    const words = args.filter((word, i) => !word.startsWith('-') && args[i - 1] !== '--timeout');
    expect({ code: alone.code, stderr: alone.stderr }).toEqual({ code: 0, stderr: '' });
    expect(alone.stdout).toMatch(new RegExp(`^Usage: svc ${words.join(' ')} \\[options\\] \\[command\\]\n`));
    expect(alone.stdout).toBe((await runSvc([...words, '--help'])).stdout);
  });

  it('a group followed by a word that names nothing is an unknown command (exit 2, one line, nothing on stdout)', async () => {
    for (const args of [
      ['email', 'nonsense'],
      ['email', 'drafts', 'nonsense'],
      ['config', 'nonsense'],
    ]) {
      const { code, stdout, stderr } = await runSvc(args);
      expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: "svc: unknown command 'nonsense'\n" });
    }
  });
});

/**
 * Every command path of svc's own, read from `svc help reference`'s headings: svc itself first. An
 * imported area's commands are built by the same code (two processes each would take minutes for a
 * large import; the GitHub import check runs their help).
 */
async function commandPaths(): Promise<string[][]> {
  const { stdout } = await runSvc(['help', 'reference']);
  const names = [...stdout.matchAll(/^## `svc ([^`]+)`$/gm)].map((m) => m[1]!.split(' ')).filter((words) => !Object.hasOwn(importedAreas, words[0]!));
  return [[], ...names];
}

describe('svc help <words> and svc <words> --help are one help', () => {
  it('print the same bytes, exit 0 and nothing on stderr, for svc and every command and area of the tree', async () => {
    const paths = await commandPaths();
    // Every area and builtin, and every operation, is a path of the tree.
    expect(paths.length).toBeGreaterThan(Object.keys(workspace).length + 8);
    const differing: string[] = [];
    for (const words of paths) {
      const [viaHelp, viaFlag] = await Promise.all([runSvc(['help', ...words]), runSvc([...words, '--help'])]);
      expect({ words, code: viaFlag.code, stderr: viaFlag.stderr }).toEqual({ words, code: 0, stderr: '' });
      // A long usage line wraps between words.
      expect(viaFlag.stdout).toMatch(new RegExp(`^Usage: ${['svc', ...words].join('\\s+')}[ \n]`));
      if (viaHelp.code !== 0 || viaHelp.stderr !== '' || viaHelp.stdout !== viaFlag.stdout) differing.push(words.join(' ') || '(svc)');
    }
    expect(differing).toEqual([]);
  }, 240_000);

  it('global options before or after keep the two the same', async () => {
    const viaHelp = await runSvc(['--timeout', '5', 'help', 'email', 'drafts']);
    const viaFlag = await runSvc(['email', 'drafts', '--timeout', '5', '--help']);
    expect(viaHelp).toEqual(viaFlag);
    expect(viaFlag.stdout).toMatch(/^Usage: svc email drafts /);
  });

  it.each([
    [
      ['email', 'drafts', 'get'],
      ['dr_1', '--query', '-x', '--output=yaml'],
    ],
    [
      ['crm', 'entries', 'create'],
      ['deals', '--data', 'amount:=-5', '--retries', '0'],
    ],
    [['api'], ['GET', '/email/drafts', '--include']],
    [[], ['--debug', '--profile', '-work']],
  ])('help beside options the command takes, %j %j: the same help, exit 0', async (words, options) => {
    const alone = await runSvc([...words, '--help']);
    for (const args of [
      [...words, ...options, '--help'],
      ['help', ...words, ...options],
    ]) {
      const beside = await runSvc(args);
      expect({ args, ...beside }).toEqual({ args, ...alone, code: 0 });
    }
  });

  it.each([[['nosuch']], [['email', 'nosuch']], [['email', 'drafts', 'nosuch']], [['config', 'nosuch']], [['emial']]])(
    'words naming no command, %j: a usage error in both forms (exit 2, one line on stderr, nothing on stdout)',
    async (words) => {
      const unknown = words.at(-1)!;
      for (const args of [
        [...words, '--help'],
        [...words, '-h'],
        ['help', ...words],
      ]) {
        const { code, stdout, stderr } = await runSvc(args);
        expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
        expect(stderr).toMatch(new RegExp(`^svc: unknown (command|command or help topic) ["']${unknown}["'][^\n]*\n$`));
      }
    },
  );

  it('a mistyped word gets the same suggestion in both forms', async () => {
    const viaFlag = await runSvc(['emial', '--help']);
    const viaHelp = await runSvc(['help', 'emial']);
    expect(viaFlag.stderr).toContain('(Did you mean email?)');
    expect(viaHelp.stderr).toContain('(Did you mean email?)');
  });

  it("svc help --help is the help command's own help", async () => {
    const { code, stdout } = await runSvc(['help', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: svc help /);
  });
});

describe('svc help topics and svc help <topic>: the guides in the terminal', () => {
  const guides = readGuides();

  it('svc help topics lists every guide by name, with its summary', async () => {
    expect(guides.length).toBeGreaterThan(5);
    const { code, stdout, stderr } = await runSvc(['help', 'topics']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const flat = stdout.replace(/\s+/g, ' ');
    for (const guide of guides) {
      expect(stdout).toMatch(new RegExp(`^  ${guide.name} `, 'm'));
      expect(flat).toContain(guide.summary);
    }
  });

  it.each(guides.map((guide) => guide.name))('svc help %s prints the guide: prose within 80 columns, code kept line for line', async (name) => {
    const guide = guides.find((g) => g.name === name)!;
    const { code, stdout, stderr } = await runSvc(['help', name]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.split('\n')[0]).toBe(guide.title.toUpperCase());
    const code_lines = [...guide.body.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.replace(/\n$/, '').split('\n'));
    for (const line of code_lines) expect(stdout).toContain(`    ${line}`.trimEnd());
    const wide = stdout.split('\n').filter((line) => line.length > 80 && !code_lines.some((c) => line === `    ${c}`));
    expect(wide).toEqual([]);
  });

  it('a word that is neither a command nor a topic is a usage error that points to the topics', async () => {
    const { code, stdout, stderr } = await runSvc(['help', 'batchh']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe("svc: unknown command or help topic 'batchh' (Did you mean batch?); `svc help topics` lists the topics, `svc --help` the commands\n");
  });
});

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { loadAllOperations } from '../../registry/all-areas.js';
import type { OperationSpec } from '../../registry/define.js';
import { addOperationCommand } from '../../src/cli/operation-command.js';
import { createRootProgram } from '../../src/cli/program.js';
import { commandFields, fieldFlag, OWN_FLAGS } from '../../src/input/fields.js';
import { createFakeContext } from '../support/fake-context.js';

const longFlags = (command: Command): string[] => command.options.map((option) => option.long!.slice(2));

describe("svc's own flags", () => {
  it('OWN_FLAGS holds every flag svc itself gives the root and an operation command', async () => {
    const { ctx } = createFakeContext();
    const root = createRootProgram(ctx);
    const own = new Set(longFlags(root));
    for (const [id, op] of Object.entries(await loadAllOperations())) {
      const parent = new Command('area');
      addOperationCommand(parent, 'leaf', id, op, ctx);
      const fieldFlags = new Set(commandFields(op).flatMap((field) => [field.flag, `no-${field.flag}`]));
      for (const flag of longFlags(parent.commands[0]!)) if (!fieldFlags.has(flag) && flag !== op.saveField?.flag) own.add(flag);
    }
    expect([...own].filter((flag) => !OWN_FLAGS.has(flag)).sort()).toEqual([]);
    expect(own.size).toBeGreaterThan(15);
  });

  it.each([
    ['body', 'body-field'],
    ['output', 'output-field'],
    ['dryRun', 'dry-run-field'],
    ['noBody', 'no_body'],
    ['noReply', 'no_reply'],
    ['saveHtml', 'save-html-field'],
    ['bodyText', 'body-text'],
    ['nobody', 'nobody'],
  ])('a field named %s takes the flag --%s', (name, flag) => {
    const op = { saveField: { flag: 'save-html', field: 'html', help: '' } } as Pick<OperationSpec, 'saveField'>;
    expect(fieldFlag(op, name)).toBe(flag);
  });
});

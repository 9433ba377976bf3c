import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { loadAllOperations, type OperationSpec, registry } from '../../registry/index.js';
import { createFakeContext } from '../support/fake-context.js';

async function svc(argv: string[], tty = false) {
  const fake = createFakeContext({ tty, env: { NO_COLOR: '1' } });
  const code = await run(argv, fake.ctx);
  return { code, out: fake.out(), err: fake.err(), sent: fake.requests.length };
}

describe('svc ops', () => {
  it('lists every operation with id, method, path, command and summary', async () => {
    const { code, out } = await svc(['ops', '--output', 'json']);
    expect(code).toBe(0);
    const list = JSON.parse(out) as { id: string }[];
    expect(list.map((op) => op.id).sort()).toEqual(Object.keys(registry).sort());
    expect(list).toContainEqual({
      id: 'crm_entries_create',
      method: 'POST',
      path: '/crm/objects/{objectName}/entries',
      command: 'svc crm entries create <objectName>',
      summary: 'Create a CRM entry',
    });
  });

  it('is a table on a terminal, cut to its width (80 columns here)', async () => {
    const { out } = await svc(['ops'], true);
    const lines = out.trimEnd().split('\n');
    // A deprecated column only where some operation is deprecated (svc's own areas have none; an imported area may).
    const deprecated = Object.values(registry as Record<string, OperationSpec>).some((op) => op.deprecated !== undefined);
    expect(lines[0]).toMatch(deprecated ? /^id +method +path +command +summary +deprecated$/ : /^id +method +path +command +summary$/);
    expect(lines).toHaveLength(Object.keys(registry).length + 1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(out).toMatch(
      deprecated
        ? /\nfiles_delete +DELETE +\/files +svc files del… +Delete a file…\n/
        : /\nfiles_delete +DELETE +\/files +svc files delete… +Delete a file or…\n/,
    );
  });

  it('shows one operation in full: arguments, typed flags, body and response schemas, examples', async () => {
    const { code, out } = await svc(['ops', 'campaigns_person_add', '--output', 'json']);
    expect(code).toBe(0);
    const op = JSON.parse(out);
    expect(op).toMatchObject({ id: 'campaigns_person_add', method: 'POST', area: 'campaigns', command: 'svc campaigns person add <sequenceId>' });
    expect(op.arguments).toEqual([
      { name: 'sequenceId', in: 'path', type: 'string', required: true, description: 'identifier of the campaign (a sequence) to add the person to' },
    ]);
    expect(op.flags).toContainEqual({ flag: '--email <string>', type: 'string', required: false, description: 'e-mail address of the person', field: 'email' });
    expect(op.flags).toContainEqual({
      flag: '--display-name <string>',
      type: 'string',
      required: false,
      description: 'display name of the person',
      field: 'displayName',
    });
    expect(op.rules).toEqual([
      {
        fields: ['email', 'linkedinProfileUrl'],
        description: 'a person needs an email or a LinkedIn profile URL (or both)',
        text: 'at least one of --email and --linkedin-profile-url: a person needs an email or a LinkedIn profile URL (or both)',
      },
    ]);
    expect(op).toMatchObject({ idempotent: false, errors: { default: 'four error bodies of the standard shape; their statuses are not documented' } });
    expect(op.flags).toContainEqual({
      flag: '--no-check-duplicates-across-workspace',
      type: 'boolean',
      required: false,
      description: 'send checkDuplicatesAcrossWorkspace: false',
      field: 'checkDuplicatesAcrossWorkspace',
    });
    expect(op.body).toMatchObject({ type: 'object', additionalProperties: false, anyOf: [{ required: ['email'] }, { required: ['linkedinProfileUrl'] }] });
    expect(op.body.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(op.response).toEqual({
      type: 'object',
      properties: { enrollmentId: { type: 'string', description: 'identifier of the enrollment, created when the person is added to the campaign' } },
      required: ['enrollmentId'],
      additionalProperties: {},
    });
    expect(op.examples).toEqual(registry.campaigns_person_add.examples);
  });

  it('takes the command words as well as the id', async () => {
    expect(JSON.parse((await svc(['ops', 'files', 'delete', '--output', 'json'])).out)).toMatchObject({
      id: 'files_delete',
      safety: 'destructive',
      destructive: true,
      body: { required: ['path'] },
    });
  });

  it('reads as text on a terminal', async () => {
    const { out } = await svc(['ops', 'email_drafts_get'], true);
    expect(out).toContain('email_drafts_get: Read an email draft, eligible senders and provider sync status\n');
    expect(out).toContain('Command:  svc email drafts get <draftId>\nRequest:  GET /email/drafts/{draftId}\n');
    expect(out).toMatch(/Arguments:\n  <draftId>  string, required  path parameter: identifier of the draft\n/);
    expect(out).toContain('Safety:   safe: it only reads; retried, and can wait (--wait-for)\n');
    expect(out).toMatch(
      /Errors:\n  400  Invalid request\n  401  Missing or invalid authentication\n  404  Operation or resource not found\n  500  Server error\n/,
    );
    expect(out).toContain('Body schema:\n  (no body)\n');
    expect(out).toContain('Response schema:\n  {\n    "type": "object",');
    expect(out).toContain('Examples:\n  svc email drafts get dr_123\n');
  });

  it('shows the rules on a terminal, and that the preview is retried while a create is not', async () => {
    expect((await svc(['ops', 'campaigns', 'person', 'add'], true)).out).toContain(
      'Rules:\n  at least one of --email and --linkedin-profile-url: a person needs an email or a LinkedIn profile URL (or both)\n',
    );
    expect((await svc(['ops', 'email_templates_preview'], true)).out).toContain('Safety:   safe: it only reads; retried, and can wait (--wait-for)\n');
    expect((await svc(['ops', 'crm_entries_create'], true)).out).toContain(
      'Safety:   unsafe: it changes data, and sending it twice may do it twice; not retried once sent\n',
    );
    expect((await svc(['ops', 'files_delete'], true)).out).toContain(
      'Safety:   destructive: it removes or overwrites data, and is confirmed call by call; retried\n',
    );
  });

  it('refuses an unknown id with a suggestion, exit 2', async () => {
    expect(await svc(['ops', 'email_draft_get'])).toEqual({
      code: 2,
      out: '',
      err: 'svc: unknown operation "email_draft_get" (did you mean email_drafts_get?); `svc ops` lists them\n',
      sent: 0,
    });
  });

  it('takes --query like any command', async () => {
    // In svc ops's order: the areas' order (registry/areas.ts), each area's operations as declared.
    const gets = Object.entries(await loadAllOperations()).filter(([, op]) => op.method === 'GET');
    expect(gets.map(([id]) => id)).toEqual(expect.arrayContaining(['crm_tasks_series_occurrences_list', 'email_drafts_get']));
    expect((await svc(['ops', '--query', "[?method=='GET'].id", '--output', 'ndjson'])).out).toBe(gets.map(([id]) => `"${id}"\n`).join(''));
  });
});

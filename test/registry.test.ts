import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { combineOperations, defineOperations, registry } from '../registry/index.js';

const base = { area: 'email', method: 'GET', summary: 's', response: z.looseObject({}), examples: ['svc x'] } as const;

describe('defineOperations', () => {
  it('returns its input unchanged', () => {
    const ops = { email_a_get: { ...base, path: '/a/{id}', args: ['id'] } };
    expect(defineOperations(ops)).toBe(ops);
  });

  it.each([
    [{ email_a_get: { ...base, path: '/a/{id}', args: [] } }, 'Operation email_a_get: the path parameter {id} has no argument'],
    [{ crm_a_get: { ...base, path: '/a', args: [] } }, 'Operation crm_a_get: the id must start with its area "email_"'],
    [{ Email_A: { ...base, path: '/a', args: [] } }, 'Operation Email_A: the id must be lower-case words'],
    [{ email_a_get: { ...base, path: '/a', args: ['nope'] } }, 'Operation email_a_get: the argument "nope" is neither'],
    [
      { email_a_get: { ...base, path: '/a/{x}', args: ['x'] }, email_b_get: { ...base, path: '/a/{y}', args: ['y'] } },
      'Operation email_b_get has the same method and path as email_a_get',
    ],
  ])('refuses a bad declaration with a sentence naming the operation (%#)', (ops, message) => {
    expect(() => defineOperations(ops as never)).toThrow(message);
  });

  it('refuses the same id in two areas', () => {
    const a = { email_a_get: { ...base, path: '/a', args: [] } };
    const b = { email_a_get: { ...base, path: '/b', args: [] } };
    expect(() => combineOperations(a, b)).toThrow('Operation email_a_get is declared twice.');
  });
});

describe('registry', () => {
  it('holds the six specified operations with their methods and paths', () => {
    const routes = Object.entries(registry).map(([id, op]) => `${id} ${op.method} ${op.path}`);
    expect(routes.sort()).toEqual([
      'campaigns_person_add POST /campaigns/{sequenceId}/person',
      'crm_entries_create POST /crm/objects/{objectName}/entries',
      'crm_tasks_series_occurrences_list GET /crm/tasks/series/{seriesId}/occurrences',
      'email_drafts_get GET /email/drafts/{draftId}',
      'email_templates_preview POST /email/templates/{templateId}/preview',
      'files_delete DELETE /files',
    ]);
  });

  it('keeps extra response fields of a draft', () => {
    const draft = { ok: true, kind: 'email', draftId: 'd', syncStatus: 'synced', revision: 2, senders: ['a@b.c'] };
    expect(registry.email_drafts_get.response.parse(draft)).toEqual(draft);
  });

  it('refuses a person with neither email nor LinkedIn URL', () => {
    expect(registry.campaigns_person_add.body.safeParse({ displayName: 'Ada' }).success).toBe(false);
    expect(registry.campaigns_person_add.body.safeParse({ email: 'ada@example.com' }).success).toBe(true);
  });
});

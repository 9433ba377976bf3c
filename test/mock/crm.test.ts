import { describe, expect, it } from 'vitest';
import { useMockSession } from './mock-session.js';

const mock = useMockSession();

const createEntry = (objectName: string, data: Record<string, unknown>) => mock.call('POST', `/v1/crm/objects/${objectName}/entries`, { body: { data } });

describe('crm entries create', () => {
  it('answers 201 with a new entryId and stores every assignee, in order', async () => {
    const deal = { name: 'Acme renewal', amount: 12000, stage: 'proposal', assignees: ['usr_linus', 'usr_ada', 'usr_grace'], owner: 'usr_ada' };
    const first = await createEntry('deals', deal);
    const second = await createEntry('people', { name: 'Grace Hopper', owner: ['usr_grace'] });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.json).toEqual({ entryId: 'ent_1' });
    expect(second.json).toEqual({ entryId: 'ent_2' });
    const state = await mock.state();
    expect(state.crmObjects.deals.entries).toEqual([{ entryId: 'ent_1', data: deal }]);
    expect(state.crmObjects.deals.entries[0].data.assignees).toEqual(['usr_linus', 'usr_ada', 'usr_grace']);
    expect(state.crmObjects.people.entries).toEqual([{ entryId: 'ent_2', data: { name: 'Grace Hopper', owner: ['usr_grace'] } }]);
  });

  it('answers 404 for an unknown object, naming the ones that exist', async () => {
    const answer = await createEntry('unicorns', { name: 'x' });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({
      message: 'No CRM object "unicorns" exists; the objects are people, companies, deals.',
      type: 'not_found_error',
      code: 'not_found',
    });
  });

  it('answers 400 naming an unknown field', async () => {
    const answer = await createEntry('deals', { name: 'x', colour: 'red' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('validation_failed');
    expect(answer.json.error.details).toEqual([
      { path: 'data.colour', message: 'unknown field "colour"; the fields are name, amount, stage, closeDate, assignees, owner' },
    ]);
  });

  it('answers 400 naming a users field that holds a non-member or a non-string, and stores nothing', async () => {
    const answer = await createEntry('deals', { assignees: ['usr_ada', 'usr_nobody'], owner: 7 });
    expect(answer.status).toBe(400);
    const members = '(members: usr_ada, usr_grace, usr_linus)';
    expect(answer.json.error.details).toEqual([
      { path: 'data.assignees', message: `"usr_nobody" is not a workspace member; expected a member userId or an array of them ${members}` },
      { path: 'data.owner', message: `expected a member userId or an array of them ${members}` },
    ]);
    expect(answer.json.error.message).toMatch(/^Invalid entry for deals: data\.assignees: "usr_nobody" is not a workspace member/);
    expect((await mock.state()).crmObjects.deals.entries).toEqual([]);
  });

  it.each([
    ['amount', '12000', 'expected a number'],
    ['stage', 'maybe', 'expected one of lead, qualified, proposal, won, lost'],
    ['closeDate', 'soon', 'expected an ISO 8601 date such as 2026-03-31'],
    ['name', 5, 'expected text (a string)'],
  ])('answers 400 when %s holds %j', async (field, value, message) => {
    const answer = await createEntry('deals', { [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.json.error.details).toEqual([{ path: `data.${field}`, message }]);
  });

  it('accepts null to leave a field unset', async () => {
    const answer = await createEntry('deals', { name: 'Empty', owner: null });
    expect(answer.status).toBe(201);
  });

  it('answers 400 when data is not an object', async () => {
    const answer = await mock.call('POST', '/v1/crm/objects/deals/entries', { body: { data: ['x'] } });
    expect(answer.status).toBe(400);
    expect(answer.json.error.details).toEqual([{ path: 'data', message: 'Invalid input: expected record, received array' }]);
  });
});

describe('crm tasks series occurrences list', () => {
  it("returns the series' tasks", async () => {
    const answer = await mock.call('GET', '/v1/crm/tasks/series/ser_weekly/occurrences');
    expect(answer.status).toBe(200);
    expect(answer.json.map((task: { taskId: string; status: string }) => [task.taskId, task.status])).toEqual([
      ['tsk_w1', 'done'],
      ['tsk_w2', 'open'],
      ['tsk_w3', 'open'],
    ]);
    expect(answer.json[0]).toEqual({ taskId: 'tsk_w1', title: 'Weekly pipeline review', dueAt: '2026-03-02T09:00:00Z', status: 'done' });
  });

  it('answers 404 for an unknown series', async () => {
    const answer = await mock.call('GET', '/v1/crm/tasks/series/ser_nope/occurrences');
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ message: 'No task series "ser_nope" exists.', type: 'not_found_error', code: 'not_found' });
  });
});

import { describe, expect, it } from 'vitest';
import { createDraftSync, parseSyncAfter } from '../../src/mock/draft-sync.js';
import { useMockSession } from './mock-session.js';

// The mock's drafts sync as a provider's would: a pending draft reads `pending` a few times (or for
// a while), then `synced`, or `failed` when its sync was made to fail.

const mock = useMockSession();
const status = async (id: string) => (await mock.call('GET', `/v1/email/drafts/${id}`)).json.syncStatus as string;
const reads = async (id: string, count: number) => {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) seen.push(await status(id));
  return seen;
};

describe('a pending draft', () => {
  it('reads pending twice, then synced (the default), and stays synced; a synced fixture is as it was', async () => {
    expect(await reads('dr_456', 4)).toEqual(['pending', 'pending', 'synced', 'synced']);
    expect(await reads('dr_123', 3)).toEqual(['synced', 'synced', 'synced']);
    expect((await mock.state()).drafts.dr_456.syncStatus).toBe('synced');
  });

  it('starts again after a reset', async () => {
    expect(await reads('dr_456', 3)).toEqual(['pending', 'pending', 'synced']);
    mock.server().reset();
    expect(await reads('dr_456', 1)).toEqual(['pending']);
  });
});

describe('POST /_mock/drafts/<id>: a new or changed draft', () => {
  it('changes the fields given, raises the revision, and reads pending until it syncs', async () => {
    const changed = await mock.call('POST', '/_mock/drafts/dr_123', { body: { subject: 'Changed' } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ ok: true, kind: 'email', draftId: 'dr_123', syncStatus: 'pending', revision: 4, subject: 'Changed' });
    expect(await reads('dr_123', 3)).toEqual(['pending', 'pending', 'synced']);
    expect((await mock.call('GET', '/v1/email/drafts/dr_123')).json).toMatchObject({ subject: 'Changed', revision: 4, senderId: 'snd_ada' });
  });

  it('answers the draft as a read gives it: its own id and kind, whatever the body names', async () => {
    const changed = await mock.call('POST', '/_mock/drafts/dr_123', { body: { draftId: 'dr_other', kind: 'sms', ok: false, subject: 'Changed' } });
    const read = await mock.call('GET', '/v1/email/drafts/dr_123');
    expect(changed.json).toMatchObject({ ok: true, kind: 'email', draftId: 'dr_123', subject: 'Changed' });
    expect(read.json).toMatchObject({ ok: true, kind: 'email', draftId: 'dr_123', subject: 'Changed' });
  });

  it('creates a draft that did not exist, with an empty body too', async () => {
    expect((await mock.call('POST', '/_mock/drafts/dr_new', { rawBody: '' })).json).toMatchObject({
      draftId: 'dr_new',
      revision: 1,
      syncStatus: 'pending',
      to: [],
    });
    expect(await reads('dr_new', 3)).toEqual(['pending', 'pending', 'synced']);
  });

  it('?sync=fail makes its sync end failed', async () => {
    expect((await mock.call('POST', '/_mock/drafts/dr_456?sync=fail', { body: {} })).status).toBe(200);
    expect(await reads('dr_456', 4)).toEqual(['pending', 'pending', 'failed', 'failed']);
  });

  it('keeps an id such as __proto__ as a key like any other', async () => {
    expect((await mock.call('POST', '/_mock/drafts/__proto__', { body: { subject: 'odd' } })).status).toBe(200);
    expect((await mock.call('GET', '/v1/email/drafts/__proto__')).json).toMatchObject({ draftId: '__proto__', subject: 'odd' });
    expect(Object.getPrototypeOf((await mock.state()).drafts)).toBe(Object.prototype);
  });

  it.each([
    ['[1]', '', 'takes a JSON object'],
    ['{', '', 'takes a JSON object'],
    ['{}', '?sync=later', '?sync= takes fail or succeed'],
  ])('refuses %j%s with 400', async (rawBody, query, words) => {
    const answer = await mock.call('POST', `/_mock/drafts/dr_123${query}`, { rawBody });
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain(words);
    expect(await status('dr_123')).toBe('synced');
  });

  it('is refused without the bearer token', async () => {
    expect((await mock.call('POST', '/_mock/drafts/dr_123', { body: {}, token: null })).status).toBe(401);
    expect(await status('dr_123')).toBe('synced');
  });
});

describe('--sync-after', () => {
  it('counts reads, or waits a time from the start, a reset or the change, or never syncs', () => {
    let now = 0;
    const timed = createDraftSync({ ms: 3000 }, () => now);
    const draft = { syncStatus: 'pending' };
    timed.read('d', draft);
    now = 2999;
    timed.read('d', draft);
    expect(draft.syncStatus).toBe('pending');
    now = 3000;
    timed.read('d', draft);
    expect(draft.syncStatus).toBe('synced');
    const changed = { syncStatus: 'pending' };
    timed.changed('c', true);
    now = 5999;
    timed.read('c', changed);
    expect(changed.syncStatus).toBe('pending');
    now = 6000;
    timed.read('c', changed);
    expect(changed.syncStatus).toBe('failed');
    const never = createDraftSync('never');
    const stays = { syncStatus: 'pending' };
    for (let i = 0; i < 5; i++) never.read('d', stays);
    expect(stays.syncStatus).toBe('pending');
    const at0 = createDraftSync({ reads: 0 });
    const first = { syncStatus: 'pending' };
    at0.read('d', first);
    expect(first.syncStatus).toBe('synced');
  });

  it('reads a count of reads, a time with its unit, or never; refuses the rest', () => {
    expect(parseSyncAfter('3')).toEqual({ reads: 3 });
    expect(parseSyncAfter('0')).toEqual({ reads: 0 });
    expect(parseSyncAfter('3s')).toEqual({ ms: 3000 });
    expect(parseSyncAfter('500ms')).toEqual({ ms: 500 });
    expect(parseSyncAfter('never')).toBe('never');
    for (const text of ['1.5', '1001', '-1', '2h', 'soon', '', '3 s'])
      expect(() => parseSyncAfter(text), text).toThrow(/^--sync-after: expected a number of reads/);
  });
});

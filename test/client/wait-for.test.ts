import { describe, expect, expectTypeOf, it, onTestFinished } from 'vitest';
import { createUndiciTransport } from '../../src/client/undici-transport.js';
import { type CallResult, createClient, type registry, type WaitResult } from '../../src/index.js';
import { type ReceivedRequest, type ScriptedAnswer, scriptedForTest } from '../support/scripted-server.js';
import { createVirtualClock } from '../support/virtual-clock.js';

// client.waitFor: the library's wait, typed like call, resolving (never rejecting) to the last
// result with its outcome, polls and time. Against a scripted service on 127.0.0.1, on a virtual
// clock that waits for each request before it moves time.

const TOKEN = 'sk_test_library_wait_12345';
type Draft = ReturnType<typeof registry.email_drafts_get.response.parse>;
const draft = (syncStatus: string, revision = 1): ScriptedAnswer => ({ body: { ok: true, kind: 'email', draftId: 'dr_1', syncStatus, revision } });

async function clientAgainst(script: (count: number) => ScriptedAnswer) {
  const virtual = createVirtualClock();
  const server = await scriptedForTest(onTestFinished, { '/v1/email/drafts/dr_1': (_: ReceivedRequest, count: number) => script(count) });
  const send = createUndiciTransport();
  const client = createClient({ baseUrl: server.url, token: TOKEN, retries: { clock: virtual.clock }, transport: (request) => virtual.track(send(request)) });
  return { client, server, virtual, within: <T>(work: Promise<T>) => virtual.run(work, 100 * 3_600_000, 20_000) };
}

describe('client.waitFor', () => {
  it('calls again until a JMESPath condition holds, and resolves to the answer, typed as call types it', async () => {
    const { client, server, within } = await clientAgainst((n) => draft(n < 3 ? 'pending' : 'synced', n));
    const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until: "syncStatus == 'synced'", interval: 0.5 }));
    expectTypeOf(result).toEqualTypeOf<WaitResult<Draft>>();
    expectTypeOf(result).toMatchTypeOf<CallResult<Draft>>();
    expect(result).toMatchObject({ ok: true, status: 200, outcome: 'met', polls: 3, waitedMs: 500 + 656 });
    if (!result.ok) throw new Error('expected the draft');
    expectTypeOf(result.data.revision).toEqualTypeOf<number>();
    expect(result.data.revision).toBe(3);
    expect(server.received).toHaveLength(3);
  });

  it('takes a function of the typed data as until, and as failWhen', async () => {
    const { client, within } = await clientAgainst((n) => draft(n < 2 ? 'pending' : 'failed'));
    const result = await within(
      client.waitFor(
        'email_drafts_get',
        { draftId: 'dr_1' },
        { until: (data) => data.syncStatus === 'synced', failWhen: (data) => data.syncStatus === 'failed' },
      ),
    );
    expect(result).toMatchObject({ ok: true, outcome: 'failed', polls: 2, data: { syncStatus: 'failed' } });
    expect(result.message).toBe('the wait for until(data) failed after 2 polls in 1 s: failWhen(data) is true');
  });

  it('resolves to timeout with the last answer when time runs out', async () => {
    const { client, within } = await clientAgainst(() => draft('pending'));
    const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until: "syncStatus == 'synced'", timeout: 10 }));
    expect(result).toMatchObject({ ok: true, outcome: 'timeout', polls: 6, waitedMs: 10_000, data: { syncStatus: 'pending' } });
  });

  it('waits through a 503, and ends at a 404 while waiting for a value: failed, with the error', async () => {
    const { client, within } = await clientAgainst((n) =>
      n === 1
        ? { status: 503, body: { error: { message: 'busy' } } }
        : { status: 404, body: { error: { message: 'gone', type: 'not_found_error', code: 'not_found' } } },
    );
    const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until: "syncStatus == 'synced'" }));
    expect(result).toMatchObject({ ok: false, status: 404, outcome: 'failed', polls: 2, error: { kind: 'api', message: 'gone', code: 'not_found' } });
  });

  it('waits for deleted: met by a 404, ok false', async () => {
    const { client, within } = await clientAgainst((n) => (n < 3 ? draft('synced') : { status: 404, body: { error: { message: 'gone' } } }));
    const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until: 'deleted' }));
    expect(result).toMatchObject({ ok: false, status: 404, outcome: 'met', polls: 3 });
  });

  it('ends at once when the signal aborts: failed, nothing more sent', async () => {
    const server = await scriptedForTest(onTestFinished, { '/v1/email/drafts/dr_1': draft('pending') });
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const stop = new AbortController();
    void server.receivedCount(1).then(() => setTimeout(() => stop.abort(), 50));
    const result = await client.waitFor(
      'email_drafts_get',
      { draftId: 'dr_1' },
      { until: "syncStatus == 'synced'", interval: 3600, timeout: 7200, signal: stop.signal },
    );
    // The call's aborted failure, as the guide says, not the answer of the poll before the stop.
    expect(result).toMatchObject({ ok: false, status: 0, outcome: 'failed', polls: 1, error: { kind: 'transport', failure: 'aborted' } });
    expect(result.message).toMatch(/^interrupted while waiting for syncStatus == 'synced', after 1 poll in \S+ m?s \(syncStatus: pending\)$/);
    expect(server.received).toHaveLength(1);
  });

  it('sends nothing when the signal has aborted already: failed, no poll', async () => {
    const server = await scriptedForTest(onTestFinished, { '/v1/email/drafts/dr_1': draft('pending') });
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const result = await client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until: "syncStatus == 'synced'", signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, outcome: 'failed', polls: 0, error: { kind: 'transport', failure: 'aborted' } });
    expect(server.received).toEqual([]);
  });
});

describe('client.waitFor refuses, resolving, with nothing sent', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no options', undefined, /^waitFor: the options must be an object, at least \{ until \}$/],
    ['until missing', {}, /^waitFor: until must be a JMESPath expression, 'exists', 'deleted' or a function$/],
    ['until a number', { until: 3 }, /^waitFor: until must be/],
    ['an expression that does not parse', { until: 'a[?' }, /^waitFor: until: /],
    ['name=value', { until: 'syncStatus=synced' }, /compares with == and quotes text: syncStatus == 'synced'$/],
    ['failWhen: exists', { until: 'exists', failWhen: 'exists' }, /^waitFor: failWhen: exists is a --wait-for condition/],
    ['a timeout as text', { until: 'exists', timeout: '5m' }, /^waitFor: timeout must be a number of seconds, not a string$/],
    ['a timeout out of range', { until: 'exists', timeout: 86401 }, /^waitFor: timeout: expected a duration from 0.01 to 86400 seconds, got "86401"$/],
    ['an interval under 0.1 s', { until: 'exists', interval: 0.05 }, /^waitFor: interval: expected a duration from 0.1 to 3600 seconds, got "0.05"$/],
    ['a signal that is not one', { until: 'exists', signal: {} }, /^waitFor: signal must be an AbortSignal$/],
  ];
  it.each(cases)('%s', async (_what, options, message) => {
    const server = await scriptedForTest(onTestFinished);
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const result = await client.waitFor('email_drafts_get', { draftId: 'dr_1' }, options as never);
    expect(result).toMatchObject({ ok: false, status: 0, outcome: 'failed', polls: 0, waitedMs: 0, error: { kind: 'invalid' } });
    expect(!result.ok && result.error.message).toMatch(message);
    expect(server.received).toEqual([]);
  });

  it('an operation that is not safe to repeat, saying why', async () => {
    const server = await scriptedForTest(onTestFinished);
    const client = createClient({ baseUrl: server.url, token: TOKEN });
    const result = await client.waitFor('crm_entries_create', { objectName: 'deals', body: { data: { name: 'x' } } }, { until: 'entryId' });
    expect(result).toMatchObject({ ok: false, outcome: 'failed', polls: 0, error: { kind: 'invalid' } });
    expect(!result.ok && result.error.message).toBe(
      'waitFor: POST /crm/objects/{objectName}/entries cannot wait: it is not safe to repeat (its safety is unsafe: it changes data, and sending it twice may do it twice), and each poll would send the POST again; wait on a read of what it changed instead',
    );
    expect(server.received).toEqual([]);
  });

  it('an unknown operation or input that is not an object, as call refuses them', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', token: TOKEN });
    expect(await client.waitFor('nope' as never, {} as never, { until: 'exists' })).toMatchObject({ ok: false, outcome: 'failed', error: { kind: 'invalid' } });
    expect(await client.waitFor('email_drafts_get', null as never, { until: 'exists' })).toMatchObject({
      ok: false,
      outcome: 'failed',
      error: { kind: 'invalid' },
    });
  });

  it('a function that returns a promise ends the wait: failed, saying a condition answers at once (a promise is always true)', async () => {
    const { client, server, within } = await clientAgainst(() => draft('pending'));
    const until = async (data: Draft): Promise<boolean> => data.syncStatus === 'synced';
    const failWhen = (): Promise<boolean> => Promise.reject(new Error('never read'));
    for (const options of [{ until }, { until: "syncStatus == 'synced'", failWhen }]) {
      const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, options));
      expect(result).toMatchObject({ ok: true, outcome: 'failed', polls: 1 });
      expect(result.problem).toMatch(
        /^(until|failWhen)\(data\) returned a promise: a condition answers at once, with a value that is true or not; await what it needs before waitFor$/,
      );
    }
    expect(server.received).toHaveLength(2);
  });

  it('a function that throws ends the wait: failed, saying what it threw', async () => {
    const { client, within } = await clientAgainst(() => draft('pending'));
    const until = (): boolean => {
      throw new Error('no such field');
    };
    const result = await within(client.waitFor('email_drafts_get', { draftId: 'dr_1' }, { until }));
    expect(result).toMatchObject({ ok: true, outcome: 'failed', polls: 1, problem: 'until(data) threw: no such field' });
  });
});

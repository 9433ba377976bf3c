import { describe, expect, it } from 'vitest';
import { type CommandParts, describeCommand, firstDifference, HIDDEN } from '../../src/batch/command-line.js';
import { fingerprintMismatch, type Fingerprint } from '../../src/batch/fingerprint.js';

// A refused resume names the first flag or argument that differs, old value against new, never a secret.
const parts = (change: Partial<CommandParts> = {}): CommandParts => ({
  params: { objectName: 'deals' },
  query: null,
  body: { data: { stage: 'open', amount: 12 } },
  format: 'ndjson',
  outputQuery: undefined,
  baseUrl: 'http://127.0.0.1:8080',
  ...change,
});
const differs = (then: CommandParts, now: CommandParts, redact?: (text: string) => string) =>
  firstDifference(describeCommand(then, redact), describeCommand(now, redact));

describe('the first difference of two command lines', () => {
  it.each([
    [parts({ params: { objectName: 'companies' } }), 'argument <objectName> was "deals", now "companies"'],
    [parts({ body: { data: { stage: 'won', amount: 12 } } }), 'body field data.stage was "open", now "won"'],
    [parts({ body: { data: { stage: 'open', amount: 13 } } }), 'body field data.amount was 12, now 13'],
    [parts({ body: { data: { stage: 'open', amount: 12, owner: 'u1' } } }), 'body field data.owner was not given, now "u1"'],
    [parts({ body: { data: { stage: 'open' } } }), 'body field data.amount was 12, now not given'],
    [parts({ query: { limit: 5 } }), 'query parameter --limit was not given, now 5'],
    [parts({ format: 'csv' }), '--input-format was "ndjson", now "csv"'],
    [parts({ outputQuery: 'entryId' }), '--query was not given, now "entryId"'],
    [parts({ baseUrl: 'https://api.example.com' }), 'the service URL was "http://127.0.0.1:8080", now "https://api.example.com"'],
    // The first that differs, in the order a command is read: the argument before the body.
    [parts({ params: { objectName: 'companies' }, format: 'csv' }), 'argument <objectName> was "deals", now "companies"'],
  ])('%#: %s', (now, why) => {
    expect(differs(parts(), now)).toBe(why);
  });

  it('finds none when only the order of keys differs or nothing does', () => {
    expect(differs(parts(), parts({ body: { data: { amount: 12, stage: 'open' } } }))).toBeUndefined();
  });

  it('compares whole values, though it shows a long one cut', () => {
    const long = (end: string) => parts({ body: { data: { note: `${'x'.repeat(100)}${end}` } } });
    const why = differs(long('a'), long('b'))!;
    expect(why).toMatch(/^body field data\.note was "x{58}…, now "x{58}…$/);
  });

  it('never keeps or shows the value of a field named like a secret, and still tells a change of it', () => {
    for (const key of [
      'password',
      'apiKey',
      'api_key',
      'token',
      'clientSecret',
      'Authorization',
      'credentials',
      'privateKey',
      'sessionId',
      'cookie',
      'passphrase',
    ]) {
      const then = describeCommand(parts({ body: { [key]: 'hunter22' } }));
      expect(JSON.stringify(then)).not.toContain('hunter22');
      expect(firstDifference(then, describeCommand(parts({ body: { [key]: 'swordfish' } })))).toBe(`body field ${key} was ${HIDDEN}, now ${HIDDEN}`);
      expect(firstDifference(then, describeCommand(parts({ body: { [key]: 'hunter22' } })))).toBeUndefined();
    }
  });

  it('redacts known secrets from every value it keeps, whatever the field is called', () => {
    const redact = (text: string) => text.replaceAll('tok_live_123', '***');
    const then = describeCommand(parts({ body: { note: 'tok_live_123' } }), redact);
    expect(JSON.stringify(then)).not.toContain('tok_live_123');
    expect(firstDifference(then, describeCommand(parts({ body: { note: 'x' } }), redact))).toBe('body field note was "***", now "x"');
  });

  it('cannot name a difference from a list that is not one (an older checkpoint, a damaged header)', () => {
    const now = describeCommand(parts());
    for (const then of [undefined, null, 'x', [['a', 'b']], [[1, 2, 3]]]) expect(firstDifference(then, now)).toBeUndefined();
  });
});

describe('a checkpoint refused for its command line', () => {
  const run = (change: Partial<CommandParts>): Fingerprint => ({
    operation: 'crm_entries_create',
    input: { bytes: 1, sha256: 'a' },
    args: JSON.stringify(parts(change)),
    shard: null,
    command: describeCommand(parts(change)),
  });
  const header = (fingerprint: Fingerprint, drop?: 'command') => {
    const written: Record<string, unknown> = { kind: 'svc-batch-checkpoint', version: 1, ...fingerprint };
    if (drop) delete written[drop];
    return written;
  };

  it('says which flag differs, old against new', () => {
    expect(fingerprintMismatch(header(run({})), run({ format: 'csv' }))).toBe('the command line differs: --input-format was "ndjson", now "csv"');
  });

  it('made by an older svc, without the list, says what may differ', () => {
    expect(fingerprintMismatch(header(run({}), 'command'), run({ format: 'csv' }))).toBe(
      'the command line differs: its arguments, flags, --body, --query, --input-format or the service URL',
    );
  });
});

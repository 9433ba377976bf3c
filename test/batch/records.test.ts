import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asFlaggedNow, outcomeOfCall, type LineOutcome, recordText } from '../../src/batch/records.js';
import { parseJsonBody } from '../../src/client/response-body.js';

// The record as it was always written: the outcome's JSON with the line put in front.
const asWhole = (line: number, outcome: LineOutcome) => `{"line":${line},${JSON.stringify(outcome).slice(1)}\n`;
const op = { method: 'POST', idempotent: true } as const;

describe('recordText (most records are written around the result alone)', () => {
  it('writes every successful call byte for byte as the whole outcome JSON would, exact numbers and all', () => {
    const answer = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
      fc.constantFrom('{"n":9007199254740993,"z":-0,"big":1e400,"f":1.0}', '{"__proto__":{"x":1},"s":"\\u2028\\"q\\""}', '[]', '"text"', 'null'),
    );
    const extras = fc.record({ mismatch: fc.string(), warning: fc.string(), attempts: fc.integer({ min: 1, max: 4 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 200, max: 299 }), answer, extras, (line, status, text, extra) => {
        const json = parseJsonBody(text);
        if (!json.ok) return;
        const outcome = outcomeOfCall({ ok: true, status, headers: {}, data: json.value, json: json.exact, ...extra }, op);
        expect(recordText(line, outcome)).toBe(asWhole(line, outcome));
        expect(JSON.parse(recordText(line, outcome))).toMatchObject({ line, ok: true, status });
      }),
      { numRuns: 500 },
    );
  });

  it('writes every other record as the whole outcome JSON would', () => {
    const outcomes: LineOutcome[] = [
      { ok: true, status: null, request: { method: 'POST', url: 'http://127.0.0.1/v1/x', body: { a: 1 } } },
      { ok: true, status: 204, result: null },
      { ok: true, status: 200, result: { a: 1 }, warning: '--query could not be applied to the result: x' },
      { ok: false, status: 404, error: { kind: 'api', message: 'not found', type: 'invalid_request', code: 'missing' } },
      { ok: false, status: null, error: { kind: 'transport', message: 'reset; the POST may have been applied', mayHaveApplied: true }, uncertain: true },
      { ok: false, status: null, error: { kind: 'invalid', message: 'bad', issues: [{ field: 'email', message: 'expected a string' }] } },
    ];
    for (const outcome of outcomes) expect(recordText(7, outcome)).toBe(asWhole(7, outcome));
  });
});

describe('asFlaggedNow (a record an older svc wrote into a checkpoint)', () => {
  const post = { method: 'POST' } as const;
  const words = '; the POST may have been applied: check before sending it again';
  it('flags a write answered 500, 502 or 504, or a success it could not read, as a call today is flagged', () => {
    for (const [status, kind] of [
      [500, 'api'],
      [502, 'api'],
      [504, 'api'],
      [201, 'unreadable'],
    ] as const) {
      const older: LineOutcome = { ok: false, status, error: { kind, message: `HTTP ${status}` } };
      expect(asFlaggedNow(older, post)).toEqual({ ok: false, status, error: { kind, message: `HTTP ${status}${words}`, mayHaveApplied: true } });
    }
  });

  it('leaves every other record as it was: a success, a refusal, a 503, a read, a lost answer, one flagged already', () => {
    const flaggedAlready: LineOutcome = { ok: false, status: 502, error: { kind: 'api', message: `HTTP 502${words}`, mayHaveApplied: true } };
    const unchanged: [LineOutcome, Parameters<typeof asFlaggedNow>[1]][] = [
      [{ ok: true, status: 201, result: {} }, post],
      [{ ok: false, status: 409, error: { kind: 'api', message: 'conflict' } }, post],
      [{ ok: false, status: 503, error: { kind: 'api', message: 'HTTP 503' } }, post],
      [{ ok: false, status: 502, error: { kind: 'api', message: 'HTTP 502' } }, { method: 'GET' }],
      [
        { ok: false, status: 502, error: { kind: 'api', message: 'HTTP 502' } },
        { method: 'POST', idempotent: true },
      ],
      [{ ok: false, status: null, error: { kind: 'transport', message: 'refused' } }, post],
      [flaggedAlready, post],
    ];
    for (const [outcome, operation] of unchanged) expect(asFlaggedNow(outcome, operation)).toBe(outcome);
  });
});

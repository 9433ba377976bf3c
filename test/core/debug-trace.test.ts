import { describe, expect, it } from 'vitest';
import { formatRequest, traceRequest } from '../../src/core/debug-trace.js';

// Headers in --dry-run and --debug: one line each, names in code-unit order, so the same request
// prints the same bytes on every machine whatever its locale.

const request = {
  method: 'POST' as const,
  url: 'http://127.0.0.1:9/v1/x',
  headers: { 'z-a': '1', accept: 'application/json', a_b: '2', 'a-c': '3', a1: '4', 'user-agent': 'svc' },
  body: '{"b":1}',
};

describe('request headers, as printed', () => {
  it('--dry-run lists them in code-unit order (- before digits before _ before letters)', () => {
    expect(formatRequest(request)).toBe(
      'POST http://127.0.0.1:9/v1/x\na-c: 3\na1: 4\na_b: 2\naccept: application/json\nuser-agent: svc\nz-a: 1\n\n{\n  "b": 1\n}\n',
    );
  });

  it('--debug lists them in the same order, each line marked', () => {
    const [first, ...lines] = traceRequest(request).split('\n');
    expect(first).toBe('> POST http://127.0.0.1:9/v1/x');
    // The headers, up to the body's opening mark.
    const names = lines.slice(0, lines.indexOf('>')).map((line) => /^> ([^:]+):/.exec(line)?.[1]);
    expect(names).toEqual(['a-c', 'a1', 'a_b', 'accept', 'user-agent', 'z-a']);
  });
});

import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/output/query.js';

const occurrences = [
  { taskId: 'tsk_w1', status: 'done', dueAt: '2026-03-02' },
  { taskId: 'tsk_w2', status: 'open', dueAt: '2026-03-09' },
  { taskId: 'tsk_w3', status: 'open', dueAt: '2026-03-16' },
];

function run(expression: string, data: unknown): unknown {
  const query = compileQuery(expression);
  if (!query.ok) throw new Error(query.message);
  const result = query.apply(data);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('compileQuery', () => {
  it.each([
    ["[?status=='open'].taskId", ['tsk_w2', 'tsk_w3']],
    ['[?status==`open`].taskId', ['tsk_w2', 'tsk_w3']], // a bare word literal, as the AWS CLI reads it
    ['length(@)', 3],
    ['[0].{id: taskId, due: dueAt}', { id: 'tsk_w1', due: '2026-03-02' }],
    ['sort_by(@, &dueAt)[-1].taskId', 'tsk_w3'],
    ['[].status | sort(@)', ['done', 'open', 'open']],
  ])('%s', (expression, expected) => {
    expect(run(expression, occurrences)).toEqual(expected);
  });

  it.each([
    ['foo bar', 'unexpected "bar" at column 5 in "foo bar"'],
    ['[?status==', 'the expression ends too early (after column 10) in "[?status=="'],
    ['a.b.', 'the expression ends too early (after column 4) in "a.b."'],
    ['[1,2', 'unexpected "," at column 3 in "[1,2"'],
    ['foo ~ bar', 'unexpected character "~" at column 5 in "foo ~ bar"'],
    ['"abc', 'unterminated or malformed quoted name at column 1 in "\\"abc"'],
    ['[].nosuch(@)', 'unknown function nosuch() at column 4 in "[].nosuch(@)"'],
    ['length(@, `1`)', 'length() takes 1 argument, not 2 (column 1) in "length(@, `1`)"'],
    ['not_null()', 'not_null() takes at least 1 argument, not 0 (column 1) in "not_null()"'],
    ['  ', 'the expression is empty'],
  ])('refuses %s, saying where', (expression, message) => {
    expect(compileQuery(expression)).toEqual({ ok: false, message });
  });

  it('reports a type error found while searching, without throwing', () => {
    const query = compileQuery('abs(taskId)');
    expect(query.ok).toBe(true);
    if (query.ok) expect(query.apply({ taskId: 'x' })).toEqual({ ok: false, message: expect.stringMatching(/abs\(\)/) });
  });
});

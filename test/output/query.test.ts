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
    // let's own = binds, as it should; what it binds to is still checked.
    ["let $s = 'open' in [?status == $s].taskId", ['tsk_w2', 'tsk_w3']],
  ])('%s', (expression, expected) => {
    expect(run(expression, occurrences)).toEqual(expected);
  });

  it.each([
    ['foo bar', 'unexpected "bar" at column 5 in "foo bar"'],
    ['[?status==', 'the expression ends too early (after column 10) in "[?status=="'],
    ['a.b.', 'the expression ends too early (after column 4) in "a.b."'],
    ['[1,2', 'unexpected "," at column 3 in "[1,2"'],
    ['foo ~ bar', 'unexpected character "~" at column 5 in "foo ~ bar"'],
    ['"abc', 'unterminated quoted name starting at column 1 in "\\"abc"'],
    ["a == 'abc", 'unterminated string literal starting at column 6 in "a == \'abc"'],
    ["a == 'it\\'s", 'unterminated string literal starting at column 6 in "a == \'it\\\\\'s"'],
    ['[?a == `open]', 'unterminated JSON literal starting at column 8 in "[?a == `open]"'],
    ['a == `{"x": }`', 'malformed JSON literal at column 6 in "a == `{\\"x\\": }`"'],
    ['[].nosuch(@)', 'unknown function nosuch() at column 4 in "[].nosuch(@)"'],
    ['length(@, `1`)', 'length() takes 1 argument, not 2 (column 1) in "length(@, `1`)"'],
    ['not_null()', 'not_null() takes at least 1 argument, not 0 (column 1) in "not_null()"'],
    ['  ', 'the expression is empty'],
    // A single = binds a name in this JMESPath: a filter would keep every item, a query print {"status": "open"}.
    [
      "[?status='open'].taskId",
      'a single = after status binds a name instead of comparing (a filter would keep every item); JMESPath compares with == in "[?status=\'open\'].taskId"',
    ],
    ['status=open', 'a single = after status binds a name instead of comparing (a filter would keep every item); JMESPath compares with == in "status=open"'],
    [
      'let $x = [?a=b] in $x',
      'a single = after a binds a name instead of comparing (a filter would keep every item); JMESPath compares with == in "let $x = [?a=b] in $x"',
    ],
    [
      '[0].{s: length([?a=b])}',
      'a single = after a binds a name instead of comparing (a filter would keep every item); JMESPath compares with == in "[0].{s: length([?a=b])}"',
    ],
  ])('refuses %s, saying where', (expression, message) => {
    expect(compileQuery(expression)).toEqual({ ok: false, message });
  });

  it('keeps an escaped quote inside a literal', () => {
    expect(
      run("[?name == 'it\\'s'].id", [
        { name: "it's", id: 1 },
        { name: 'x', id: 2 },
      ]),
    ).toEqual([1]);
  });

  it('reports a type error found while searching, without throwing', () => {
    const query = compileQuery('abs(taskId)');
    expect(query.ok).toBe(true);
    if (query.ok) expect(query.apply({ taskId: 'x' })).toEqual({ ok: false, message: expect.stringMatching(/abs\(\)/) });
  });
});

describe('--query limits', () => {
  const timed = <T>(work: () => T): { value: T; ms: number } => {
    const started = performance.now();
    const value = work();
    return { value, ms: performance.now() - started };
  };

  it('refuses an expression over 16 KiB at once, whatever it holds', () => {
    const { value, ms } = timed(() => compileQuery(`${'a.'.repeat(16 * 1024)}b ~`));
    expect(value).toEqual({ ok: false, message: expect.stringMatching(/^the expression is 32771 characters long; at most 16384 are accepted in "a\.a/) });
    expect(ms).toBeLessThan(200);
  });

  it('finds a mistake at the end of a long expression quickly, at the right column', () => {
    const expression = `[${Array.from({ length: 1500 }, (_, i) => `f${i}`).join(', ')}] bar`;
    const { value, ms } = timed(() => compileQuery(expression));
    expect(value).toEqual({ ok: false, message: expect.stringMatching(new RegExp(`^unexpected "bar" at column ${expression.length - 2} in`)) });
    expect(ms).toBeLessThan(3000);
  });

  // A valid chain of up to 1000 levels runs; a longer one is refused with a line, never a stack overflow.
  it.each([
    ['fields', (n: number) => `${'b.'.repeat(n)}a`, null],
    ['pipes', (n: number) => `${'@|'.repeat(n)}a`, 1],
    ['|| operators', (n: number) => `${'b||'.repeat(n)}a`, 1],
    ['&& operators', (n: number) => `${'a&&'.repeat(n)}a`, 1],
    ['sums', (n: number) => `${'a+'.repeat(n)}a`, 'sum'],
  ])('a chain of 990 %s runs; one of 5000 is refused before sending', (_name, chain, expected) => {
    expect(run(chain(990), { a: 1 })).toEqual(expected === 'sum' ? 991 : expected);
    const refused = compileQuery(chain(5000));
    expect(refused).toEqual({
      ok: false,
      message: expect.stringMatching(/^it chains more than 1000 fields, pipes or operators; at most 1000 are accepted in "/),
    });
  });

  it('a long multi-select within the length limit runs', () => {
    expect(run(`[${Array.from({ length: 5400 }, () => 'a').join(', ')}]`, { a: 1 })).toEqual(Array.from({ length: 5400 }, () => 1));
  });

  it('refuses brackets nested over 128 levels before parsing', () => {
    expect(compileQuery(`${'('.repeat(200)}a${')'.repeat(200)}`)).toEqual({
      ok: false,
      message: expect.stringMatching(/^brackets nest 200 levels deep; at most 128 are accepted/),
    });
    expect(run(`${'('.repeat(100)}a${')'.repeat(100)}`, { a: 3 })).toBe(3);
  });

  it.each([
    ['an array doubled by flattening', `@${'|[@,@][]'.repeat(40)}`, [1], /built more than 10,000,000 values/],
    ['shared parts that would print exponentially', `@${'|[@,@]'.repeat(40)}`, [1], /result would hold over 10,000,000 values/],
    ['a string doubled by join', `@${"|join('', [@,@])".repeat(40)}`, 'ab', /built more than 10,000,000 values/],
    ['an object doubled', `@${'|{a:@,b:@}'.repeat(40)}`, {}, /result would hold over 10,000,000 values/],
    // What a function walks or builds, charged before it runs (each took 24 s to minutes, or died).
    ['to_string of shared parts, unfolded', `@${'|[@,@]'.repeat(25)}|to_string(@)|length(@)`, [1], /built more than 10,000,000 values/],
    ['== between two graphs that unfold exponentially', `(@${'|[@,@]'.repeat(30)}) == (@${'|[@,@]'.repeat(30)})`, [1], /built more than 10,000,000 values/],
    ['!= likewise', `(@${'|[@,@]'.repeat(30)}) != (@${'|[@,@]'.repeat(30)})`, [1], /built more than 10,000,000 values/],
    [
      'merge of one large object named 2,000 times',
      `merge(${Array(2000).fill('@').join(',')})`,
      Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])),
      /built more than 10,000,000 values/,
    ],
    [
      'length of a large object, 150 times',
      `[${Array(150).fill('length(@)').join(',')}]`,
      Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])),
      /built more than 10,000,000 values/,
    ],
    ['pad_left to a width of 10⁹', 'pad_left(@, `1000000000`)', 'ab', /built more than 10,000,000 values/],
    ['pad_right to a width of 10⁹', 'pad_right(@, `1000000000`)', 'ab', /built more than 10,000,000 values/],
    ['replace of the empty string by a long text', `replace(@, '', '${'x'.repeat(10_000)}')`, 'y'.repeat(60_000), /built more than 10,000,000 values/],
    ['join with a long separator', `join('${'x'.repeat(10_000)}', @)`, Array(60_000).fill(''), /built more than 10,000,000 values/],
  ])('stops %s with a line, quickly', (_name, expression, data, message) => {
    const query = compileQuery(expression);
    expect(query.ok).toBe(true);
    if (!query.ok) return;
    const { value, ms } = timed(() => query.apply(data));
    expect(value).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(ms).toBeLessThan(10_000); // seconds, not minutes, even on a loaded machine
  });

  it('lets a large but linear search through', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ id: i, status: i % 2 ? 'open' : 'done' }));
    expect((run("[?status=='open'].id", items) as number[]).length).toBe(100_000);
    // The functions charged before they run still work on ordinary data.
    expect(
      run("[to_string(@[0]), [0] == [0], length(@[0]), merge(@[0], {x: `1`}).x, pad_left('a', `3`), replace('aa', 'a', 'b'), join('-', ['a', 'b'])]", items),
    ).toEqual(['{"id":0,"status":"done"}', true, 2, 1, '  a', 'bb', 'a-b']);
  });
});

describe('what a search prints is data', () => {
  const failure = (expression: string, data: unknown): string => {
    const query = compileQuery(expression);
    if (!query.ok) return `compile: ${query.message}`;
    const result = query.apply(data);
    return result.ok ? `ok: ${JSON.stringify(result.value)}` : `apply: ${result.message}`;
  };

  it.each(['&@', ' &taskId', '&a.b'])('an expression reference alone (%j) is refused before anything is sent', (expression) => {
    expect(failure(expression, occurrences)).toMatch(
      /^compile: an expression reference at column \d+ is not a value \(pass one to a function that takes it, as in sort_by\(items, &name\)\) in /,
    );
  });

  it.each(['[&@]', '{a: &taskId}', 'a || &b', '[0].[&taskId, status]', 'map(&[&@], @)'])(
    'an expression reference anywhere in a result (%j) is never printed',
    (expression) => {
      expect(failure(expression, occurrences)).toBe(
        'apply: the result holds an expression reference, which is not a value (pass one to a function that takes it, as in sort_by(items, &name))',
      );
    },
  );

  it('an answer holding a key named expref is data, in every function', () => {
    const data = [
      { expref: true, name: 'b', n: 2 },
      { expref: 1, name: 'a', n: 1 },
    ];
    expect(run('length([0])', data)).toBe(3);
    expect(run('sort_by(@, &name)[].n', data)).toEqual([1, 2]);
    expect(run('keys([1])', data)).toEqual(['expref', 'name', 'n']);
    expect(run('[0]', data)).toEqual(data[0]);
    expect(run('values(merge([0], [1]))', data)).toEqual([1, 'a', 1]);
  });

  it('a field is an own key: inherited names are null, a __proto__ key is kept wherever objects are built', () => {
    const data = JSON.parse('{"a":{"__proto__":{"p":1},"x":1},"list":[{"k":"constructor"},{"k":"__proto__"},{"k":"toString"},{"k":"constructor"}]}') as unknown;
    for (const name of ['"__proto__"', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) expect(run(name, {})).toBeNull();
    expect(run('a."__proto__".p', data)).toBe(1);
    expect(JSON.stringify(run('{"__proto__": a.x, b: `2`}', data))).toBe('{"__proto__":1,"b":2}');
    expect(JSON.stringify(run('merge(`{}`, a)', data))).toBe('{"__proto__":{"p":1},"x":1}');
    expect(JSON.stringify(run('from_items([[`"__proto__"`, `1`]])', data))).toBe('{"__proto__":1}');
    expect(JSON.stringify(run('group_by(list, &k)', data))).toBe(
      '{"constructor":[{"k":"constructor"},{"k":"constructor"}],"__proto__":[{"k":"__proto__"}],"toString":[{"k":"toString"}]}',
    );
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('group_by still refuses a key that is not a string', () => {
    expect(failure('group_by(@, &n)', [{ n: 1 }])).toBe('apply: Invalid type: expected one of (string), received number');
  });

  it.each([
    ['"😀😀" | foo(@)', 'unknown function foo() at column 8 in "\\"😀😀\\" | foo(@)"'],
    ['"😀😀".x x', 'unexpected "x" at column 8 in "\\"😀😀\\".x x"'],
    ["'😀😀' == 'a", "unterminated string literal starting at column 9 in \"'😀😀' == 'a\""],
    ['"😀" | 😀', 'unexpected character "😀" at column 7 in "\\"😀\\" | 😀"'],
    ['"𝒳𝒳𝒳" == ', 'the expression ends too early (after column 8) in "\\"𝒳𝒳𝒳\\" == "'],
    ['"😀" || abs(@, @)', 'abs() takes 1 argument, not 2 (column 8) in "\\"😀\\" || abs(@, @)"'],
    ['"😀" || "😀" |', 'the expression ends too early (after column 12) in "\\"😀\\" || \\"😀\\" |"'],
  ])('columns count characters as the user sees them, not UTF-16 units: %s', (expression, message) => {
    expect(failure(expression, {})).toBe(`compile: ${message}`);
  });

  it('a long expression is cut between characters, never inside one', () => {
    const expression = `${'😀'.repeat(70)} x`;
    const message = failure(expression, {});
    expect(message).toContain(`"${'😀'.repeat(57)}..."`);
    expect(message).not.toMatch(/\\ud[89a-f]/i);
    expect(failure(`${'a'.repeat(16 * 1024 - 1)}😀`, {})).not.toMatch(/characters long/);
    expect(failure(`${'😀'.repeat(16 * 1024 + 1)}`, {})).toMatch(/^compile: the expression is 16385 characters long; at most 16384 are accepted/);
  });
});

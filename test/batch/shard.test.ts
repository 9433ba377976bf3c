import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, parseShard } from '../../src/batch/shard.js';

// `--shard k/n` is taken only as written plainly: two whole numbers, no spaces, signs or leading zeros.
describe('--shard k/n', () => {
  it.each([
    ['1/1', 1, 1],
    ['2/4', 2, 4],
    ['4/4', 4, 4],
    ['10/10', 10, 10],
    [`1/${MAX_SHARDS}`, 1, MAX_SHARDS],
    [`${MAX_SHARDS}/${MAX_SHARDS}`, MAX_SHARDS, MAX_SHARDS],
  ])('takes %s', (text, index, count) => {
    expect(parseShard(text)).toEqual({ index, count });
  });

  const unplain = [
    ' 1/4',
    '1/4 ',
    '1 /4',
    '1/ 4',
    '\t1/4',
    '1/4\n',
    '01/4',
    '1/04',
    '001/10000',
    '+1/4',
    '1/+4',
    '-1/4',
    '1.0/4',
    '1/4.',
    '1e0/4',
    '1/4/4',
    '0x1/4',
    '１/4',
    '1/٤',
    '1\\4',
    '1:4',
    '/4',
    '1/',
    '',
  ];
  const outOfRange = ['0/4', '5/4', '1/0', '0/0', '1/10001', '10001/10001', '99999/99999', '100000/100000', '2/1'];
  it.each([...unplain, ...outOfRange])('refuses %j, quoting it as given', (text) => {
    expect(() => parseShard(text)).toThrow(
      `--shard: expected k/n with 1 ≤ k ≤ n ≤ 10000, written as two whole numbers without spaces or leading zeros (e.g. 2/4 for the second of four parts), got ${JSON.stringify(text)}`,
    );
  });
});

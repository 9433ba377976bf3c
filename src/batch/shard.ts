import { InputError } from '../errors.js';

/** `--shard k/n`: the k-th of n parts of the input, k from 1. */
export interface Shard {
  index: number;
  count: number;
}

/** The largest n accepted: a job runner with more workers than this is not what svc splits for. */
export const MAX_SHARDS = 10_000;

/** `k/n` written plainly: digits without a leading zero, no sign, no space, nothing else. */
export function parseShard(text: string): Shard {
  const match = /^([1-9]\d{0,4})\/([1-9]\d{0,4})$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    throw new InputError(
      `--shard: expected k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS}, written as two whole numbers without spaces or leading zeros (e.g. 2/4 for the second of four parts), got ${JSON.stringify(text)}`,
    );
  }
  return { index, count };
}

/**
 * Whether input line `line` (numbered from 1, as in records) belongs to the shard: line L goes to
 * part ((L - 1) mod n) + 1. It depends on the line number only, so every process given the same file
 * and n agrees without talking to the others, and a CSV header or blank line shifts nothing.
 */
export const inShard = (shard: Shard, line: number): boolean => (line - 1) % shard.count === shard.index - 1;

export const shardText = (shard: Shard): string => `${shard.index}/${shard.count}`;

/** Only the shard's records; the others are read (to count lines) but never started. */
export async function* shardRecords<T extends { line: number }>(records: AsyncIterable<T>, shard: Shard | undefined): AsyncGenerator<T> {
  for await (const record of records) if (!shard || inShard(shard, record.line)) yield record;
}

import type { MockServer } from '../../src/mock/server.js';

/** A batch's records, one JSON line each, as svc prints them on standard output. */
export const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { line: number; ok: boolean; status: number | null; error?: { kind: string } });

/** `count` NDJSON lines adding a person to seq_123, each with its own email (`lead<n>@example.com`). */
export const leads = (count: number, name: (i: number) => string = (i) => `lead${i}`) =>
  Array.from({ length: count }, (_, i) => JSON.stringify({ sequenceId: 'seq_123', email: `${name(i + 1)}@example.com` })).join('\n') + '\n';

/** How many POSTs reached the mock for each email: a duplicate write shows as 2. */
export function postsPerEmail(server: MockServer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of server.requests) {
    if (request.method !== 'POST') continue;
    const { email } = JSON.parse(request.body) as { email: string };
    counts[email] = (counts[email] ?? 0) + 1;
  }
  return counts;
}

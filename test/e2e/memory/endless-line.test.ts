import { describe, expect, it } from 'vitest';
import { records } from '../../support/batch-lines.js';
import { eachBuild } from '../../support/builds.js';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { type FedInput, runMeasured } from '../../support/peak-rss.js';

// A batch whose standard input is one line that does not end (`--input - < /dev/zero`, a file whose
// one line goes on), or a CSV quoted cell that does not close: the test writes 256 MiB of it through
// a pipe, then ends it and adds one good line. svc drops the text past 1 MiB as it reads, reports the
// line too long, and goes on: the peak resident memory of each build stays far below what was sent.
const mock = useMockForSvc();

const SENT_MIB = 256;
const ADD = ['campaigns', 'person', 'add', '--input', '-'];
/** The good line after the long one; its email names the run, as the mock refuses a person twice. */
const after = (format: 'ndjson' | 'csv', mebibytes: number) =>
  format === 'ndjson' ? `{"sequenceId":"seq_123","email":"after${mebibytes}@example.com"}\n` : `seq_123,after${mebibytes}@example.com\n`;

const cases = [
  {
    what: 'an NDJSON line that does not end',
    args: ADD,
    fed: (mebibytes: number): FedInput => ({
      before: '{"sequenceId":"seq_123","email":"',
      block: 'a',
      mebibytes,
      after: `@example.com"}\n${after('ndjson', mebibytes)}`,
    }),
    problem: 'the line is longer than 1 MiB, so it was not kept (nor copied to a rejects file)',
  },
  {
    what: 'a CSV quoted cell that does not close, over short lines',
    args: [...ADD, '--input-format', 'csv'],
    fed: (mebibytes: number): FedInput => ({
      before: 'sequenceId,email\nseq_123,"',
      block: `${'a'.repeat(4095)}\n`,
      mebibytes,
      after: `"\n${after('csv', mebibytes)}`,
    }),
    problem: 'the row is longer than 1 MiB, so it was not kept (nor copied to a rejects file)',
  },
];

eachBuild((build) => {
  describe('batch input: a line or a row that does not end holds memory bounded', () => {
    it.each(cases)('$what: 256 MiB sent, svc grows by far less, the line is refused and the next is sent', async ({ args, fed, problem }) => {
      // The same run with 2 MiB fed: the same path (a line over the limit), at a size that cannot matter.
      const small = await runMeasured(args, build, mock.env, fed(2));
      expect(small.run.code).toBe(1);
      const huge = await runMeasured(args, build, mock.env, fed(SENT_MIB));
      expect(huge.run.code).toBe(1);
      const out = records(huge.run.stdout);
      expect(out).toHaveLength(2);
      expect(out[0]).toMatchObject({ ok: false, status: null, error: { kind: 'invalid', message: problem } });
      expect(out[1]).toMatchObject({ ok: true });
      expect(mock.server.requests.map((request) => JSON.parse(request.body) as unknown)).toEqual([
        { email: 'after2@example.com' },
        { email: `after${SENT_MIB}@example.com` },
      ]);
      expect(huge.run.stderr).toMatch(/^svc: 2 lines: 1 succeeded, 1 failed in /);
      // Every byte kept would be 256 MiB more, or twice that as text; the bound leaves the collector room (about 30 MiB was seen).
      expect(huge.peakMiB - small.peakMiB).toBeLessThan(96);
      console.log(`${build.name}: ${SENT_MIB} MiB fed, svc peak RSS ${huge.peakMiB.toFixed(0)} MiB (${small.peakMiB.toFixed(0)} MiB with 2 MiB fed)`);
    });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../../support/hostile-server.js';
import { runSvcProcess } from '../../support/svc.js';
import { tempFolder } from '../../support/temp-folder.js';

// The peak resident memory of a real svc process reading a body of hundreds of megabytes.
let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

const env = () => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_agent_hostileTests1234', SVC_RETRY_BASE_MS: '1' });

describe('a body of hundreds of megabytes', () => {
  /** Runs svc with a preload that records its peak resident memory (test/support/peak-rss.mjs); MiB. */
  async function peakOf(draftId: string) {
    const peakFile = join(tempFolder('svc-peak-'), 'peak');
    const preload = join(import.meta.dirname, '..', '..', 'support', 'peak-rss.mjs');
    // A process of its own: its peak resident memory is what is measured.
    const run = await runSvcProcess(['email', 'drafts', 'get', draftId], {
      env: { ...env(), NODE_OPTIONS: `--import=${preload}`, SVC_TEST_PEAK_RSS_FILE: peakFile },
    });
    return { run, peakMiB: Number(readFileSync(peakFile, 'utf8')) / 1024 };
  }

  it('is cut off at the 64 MiB cap: the server writes far less than 300 MiB, and the memory of svc grows by far less than the body', async () => {
    const small = await peakOf('status-299~baseline');
    expect(small.run.code).toBe(0);
    const huge = await peakOf('huge-stream~memory');
    expect(huge.run).toEqual({ code: 3, stdout: '', stderr: 'svc: the response is larger than the 64 MiB limit; nothing of it was used\n' });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server sees the close
    const servedMiB = (server.served.get('huge-stream~memory') ?? 0) / 1024 / 1024;
    expect(servedMiB).toBeGreaterThan(64);
    expect(servedMiB).toBeLessThan(128);
    // Holding the 64 MiB it read costs about twice that in resident memory; a body read whole would cost 300+.
    expect(huge.peakMiB - small.peakMiB).toBeLessThan(160);
    console.log(
      `huge-stream: the server wrote ${servedMiB.toFixed(0)} of 300 MiB; svc peak RSS ${huge.peakMiB.toFixed(0)} MiB (${small.peakMiB.toFixed(0)} MiB for a small answer)`,
    );
  });
});

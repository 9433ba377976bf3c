import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { type HostileServer, startHostileServer } from '../../support/hostile-server.js';
import { runMeasured } from '../../support/peak-rss.js';

// The peak resident memory of a real svc process, of each build, reading a body of hundreds of megabytes.
let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

const env = () => ({ SERVICE_BASE_URL: server.url, SERVICE_API_KEY: 'svc_agent_hostileTests1234', SVC_RETRY_BASE_MS: '1' });

eachBuild((build) => {
  describe('a body of hundreds of megabytes', () => {
    /** Runs svc, a process of its own, whose peak resident memory is what is measured; MiB. */
    const peakOf = (draftId: string) => runMeasured(['email', 'drafts', 'get', draftId], build, env());

    it('is cut off at the 64 MiB cap: the server writes far less than 300 MiB, and the memory of svc grows by far less than the body', async () => {
      const small = await peakOf('status-299~baseline');
      expect(small.run.code).toBe(0);
      // Counted apart per build: the server is the file's.
      const huge = await peakOf(`huge-stream~${build.standalone ? 'standalone' : 'npm'}`);
      expect(huge.run).toEqual({ code: 3, stdout: '', stderr: 'svc: the response is larger than the 64 MiB limit; nothing of it was used\n' });
      await new Promise((resolve) => setTimeout(resolve, 50)); // the server sees the close
      const servedMiB = (server.served.get(`huge-stream~${build.standalone ? 'standalone' : 'npm'}`) ?? 0) / 1024 / 1024;
      expect(servedMiB).toBeGreaterThan(64);
      expect(servedMiB).toBeLessThan(128);
      // Holding the 64 MiB it read costs about twice that in resident memory; a body read whole would cost 300+.
      expect(huge.peakMiB - small.peakMiB).toBeLessThan(160);
      console.log(
        `huge-stream, ${build.name}: the server wrote ${servedMiB.toFixed(0)} of 300 MiB; svc peak RSS ${huge.peakMiB.toFixed(0)} MiB (${small.peakMiB.toFixed(0)} MiB for a small answer)`,
      );
    });
  });
});

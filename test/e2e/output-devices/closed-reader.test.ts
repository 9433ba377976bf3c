import { describe, expect, it } from 'vitest';
import { useMockForSvc } from '../../support/mock-for-svc.js';
import { eachBuild } from '../../support/builds.js';
import { startSvcProcess } from '../../support/svc.js';

// A reader that goes away before svc writes (`svc … | head`): the pipe of a real process is closed.
const mock = useMockForSvc();
const LIST = ['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_weekly'];

eachBuild((build) => {
  describe('a reader that stops early', () => {
    it('(svc ... | head) ends svc quietly: exit 0, no stack trace', async () => {
      const svc = startSvcProcess([...LIST, '--output', 'ndjson'], { build, env: mock.env });
      svc.child.stdout!.destroy(); // the reader is gone before svc writes a byte
      const { code, stderr } = await svc.done;
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(mock.server.requests).toHaveLength(1);
    });
  });
});

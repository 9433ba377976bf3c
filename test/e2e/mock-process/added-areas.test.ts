import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptionFile, MEETINGS } from '../../areas/descriptions.js';
import { type MockProcess, startMockProcess } from '../../support/mock-process.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';

// `svc mock` serves the areas added to the profile beside svc's own: each operation checks its input
// as svc's own do and answers with a value made from its response schema, so a user tries the
// commands before pointing svc at the service.
eachBuild((build) => {
  let mock: MockProcess;
  const settings = { SVC_CONFIG_DIR: freshConfigDir() };
  const env = () => ({ ...settings, SERVICE_BASE_URL: mock.url, SERVICE_API_KEY: mock.apiKey });

  beforeAll(async () => {
    expect((await runSvcProcess(['areas', 'add', descriptionFile(MEETINGS)], { build, env: settings })).code).toBe(0);
    mock = await startMockProcess([], build, { ...process.env, PATH: build.path, ...settings });
  });
  afterAll(async () => {
    const { stderr } = await mock.stop();
    expect(stderr).toContain('Also serving the areas added to the profile (meetings), answering with values generated from their schemas.');
  });

  describe('svc mock, with areas added to the profile', () => {
    it('answers their operations with generated values, and refuses input they refuse', async () => {
      const get = await runSvcProcess(['meetings', 'get', 'mt_1'], { build, env: env() });
      expect(get.code, get.stderr).toBe(0);
      expect(Object.keys(JSON.parse(get.stdout)).sort()).toEqual(['id', 'minutes', 'startsAt', 'title']);
      const scheduled = await runSvcProcess(['meetings', 'schedule', '--title', 'Plan', '--starts-at', '2026-12-01T10:00:00Z'], { build, env: env() });
      expect(scheduled.code, scheduled.stderr).toBe(0);
      // A body svc would refuse, sent as it is with svc api: the mock refuses it too.
      const bad = await runSvcProcess(['api', 'POST', '/meetings', '--body', '{"title":""}'], { build, env: env() });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/HTTP 400/);
      // And svc's own operations as before.
      expect((await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: env() })).code).toBe(0);
    });
  });
});

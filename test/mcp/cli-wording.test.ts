import { afterEach, describe, expect, it } from 'vitest';
import { eachBuild } from '../support/builds.js';
import { useMockForSvc } from '../support/mock-for-svc.js';
import { freshConfigDir, runSvcProcess } from '../support/svc.js';
import { type Connected, connect } from './harness.js';

// The MCP server and the command line word a failure alike. This compares with svc of each build,
// which runs the built dist/ (or is the standalone binary): vitest.mutate.config.ts leaves it out, as it does the other tests
// that spawn svc, since dist/ never holds a mutant.

const mock = useMockForSvc();
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.close();
  connected = undefined;
});

const textOf = (result: { content: unknown }) => (result.content as { text: string }[])[0]!.text;
const errorOf = (result: { content: unknown }) => (JSON.parse(textOf(result)) as { error: Record<string, unknown> }).error;

eachBuild((build) => {
  describe('errors are tool results an agent can act on', () => {
    it('a failure is worded as the command line words it: the sentence svc prints after "svc: "', async () => {
      const env = { ...mock.env, SERVICE_API_KEY: 'svc_wrong_key_0123456789' };
      connected = await connect({ env });
      const error = errorOf(await connected.client.callTool({ name: 'email_drafts_get', arguments: { draftId: 'dr_123' } }));
      expect(error.message).toMatch(/HTTP 401\); check SERVICE_API_KEY or run `svc auth login`$/);
      const cli = await runSvcProcess(['email', 'drafts', 'get', 'dr_123'], { build, env: { ...env, SVC_CONFIG_DIR: freshConfigDir() } });
      expect(cli.code).toBe(4);
      expect(cli.stderr).toBe(`svc: ${String(error.message)}\n`);
    });
  });
});

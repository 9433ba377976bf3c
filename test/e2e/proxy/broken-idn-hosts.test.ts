import { describe, expect, it } from 'vitest';
import { eachBuild } from '../../support/builds.js';
import { runSvcProcess } from '../../support/svc.js';

// Where the two builds differ, by name (docs/guide/install.md, "Where it differs from the npm
// package"): a host name with an `xn--` label that is no valid punycode. The standalone binary's
// URL parser (Bun's, WebKit's) keeps to the URL standard and refuses it; Node.js's takes it as
// written. Nothing is sent either way (--dry-run); the other international names parse alike.
const BROKEN = ['xn--a.example', 'xn--.example', 'xn--ab--c.com', 'api.xn--'];

eachBuild((build) => {
  describe('a host name with a broken xn-- label', () => {
    it.each(BROKEN)(
      build.standalone ? '%s: the standalone binary refuses it as no URL (the URL standard), exit 2' : '%s: the npm build takes it as written (Node.js)',
      async (host) => {
        const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_1', '--dry-run', '--base-url', `https://${host}/v1`], {
          build,
          env: { SERVICE_API_KEY: 'k_12345678' },
        });
        if (build.standalone) expect(run).toEqual({ code: 2, stdout: '', stderr: `svc: the base URL from --base-url is not a URL: https://${host}/v1\n` });
        else
          expect(run).toMatchObject({
            code: 0,
            stdout: expect.stringMatching(new RegExp(`^GET https://${host.replace(/\./g, '\\.')}/v1/email/drafts/dr_1\n`)),
            stderr: '',
          });
      },
    );

    it.each(['xn--fa-hia.de', 'XN--LS8H.la', 'münchen.example'])('%s, a valid international name, is taken alike', async (host) => {
      const run = await runSvcProcess(['email', 'drafts', 'get', 'dr_1', '--dry-run', '--base-url', `https://${host}/v1`], {
        build,
        env: { SERVICE_API_KEY: 'k_12345678' },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^GET https:\/\/xn--[a-z0-9-]+\.[a-z]+\/v1\/email\/drafts\/dr_1\n/);
    });
  });
});

import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock/server.js';
import { runSvc } from '../support/svc.js';
import { tempFolder } from '../support/temp-folder.js';
import { hostileInputs } from './tables/hostile-inputs.js';

// The real bin/svc reads files as users' tools write them; a real server says what arrived.
describe.concurrent('every file svc reads, in every line ending, encoding and size', () => {
  it.each(hostileInputs)('$name -> exit $code, $sent sent', async ({ files, argv, code, sent, emails, stderr }) => {
    const dir = tempFolder('svc-hostile-input-');
    for (const [name, content] of Object.entries(files)) {
      if (typeof content === 'number') {
        writeFileSync(join(dir, name), '');
        truncateSync(join(dir, name), content); // sparse: the size is there, the disk is not used
      } else writeFileSync(join(dir, name), content);
    }
    const server = await startMockServer({ port: 0 });
    try {
      const env = { SERVICE_BASE_URL: server.url, SERVICE_API_KEY: server.apiKey, SVC_CONFIG_DIR: dir };
      const run = await runSvc(
        argv.map((arg) => arg.replaceAll('{dir}', dir)),
        { env },
      );
      expect(run.code, run.stderr).toBe(code);
      if (stderr) expect(run.stderr).toMatch(stderr);
      expect(run.stderr).not.toMatch(/\n\s+at |node:internal/);
      const writes = server.requests.filter((r) => r.method !== 'GET' || argv[0] === 'email');
      expect(writes).toHaveLength(sent);
      if (emails) expect(writes.map((r) => (JSON.parse(r.body) as { email: string }).email).sort()).toEqual(emails);
      for (const r of writes) expect(r.body).not.toContain('\uFFFD'); // nothing sent corrupted
    } finally {
      await server.close();
    }
  });
});

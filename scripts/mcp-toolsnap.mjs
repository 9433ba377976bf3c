// Writes the committed snapshots of svc mcp's tools/list (test/mcp/__toolsnaps__/), one per mode,
// from the built bin/svc: `npm run mcp:toolsnap`, run on purpose after a registry change has been
// reviewed. test/mcp/tool-list.test.ts fails while a snapshot and the registry disagree.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, SERVICE_BASE_URL: 'http://127.0.0.1:1/v1' };
for (const mode of ['tools', 'discover']) {
  const text = execFileSync(process.execPath, [`${root}bin/svc.cjs`, 'mcp', 'tools', '--json', '--mode', mode], { env, encoding: 'utf8' });
  writeFileSync(`${root}test/mcp/__toolsnaps__/${mode}.json`, text);
  process.stdout.write(`wrote test/mcp/__toolsnaps__/${mode}.json\n`);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descriptionFile, meetingsAs } from '../../areas/descriptions.js';
import { eachBuild } from '../../support/builds.js';
import { freshConfigDir, runSvcProcess } from '../../support/svc.js';

// `svc areas add` in several real processes at once, each adding other areas to one profile, while
// others read an area added before: every add keeps the others' areas (each writes under the store's
// lock, reading the index again inside it), and no reader ever sees half a store.

const renamed = (area: string): string => descriptionFile(meetingsAs(area));

eachBuild((build) => {
  describe('several svc areas add at once', () => {
    it('keep every area each added, and a reader of the store meanwhile never fails', async () => {
      const env = { SVC_CONFIG_DIR: freshConfigDir(), SERVICE_BASE_URL: 'http://127.0.0.1:9/v1', SERVICE_API_KEY: 'svc_test_key' };
      expect((await runSvcProcess(['areas', 'add', renamed('base')], { build, env })).code).toBe(0);
      const names = ['one', 'two', 'three', 'four'];
      const files = names.map(renamed);
      let adding = true;
      const reads: number[] = [];
      const reader = (async () => {
        while (adding) reads.push((await runSvcProcess(['base', 'get', 'x', '--dry-run'], { build, env })).code);
      })();
      const adds = await Promise.all(files.map((file) => runSvcProcess(['areas', 'add', file], { build, env, timeoutMs: 60_000 })));
      adding = false;
      await reader;
      expect(adds.filter((run) => run.code !== 0)).toEqual([]);
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((code) => code !== 0)).toEqual([]);
      const folder = join(env.SVC_CONFIG_DIR, 'areas', 'default');
      const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8'));
      expect(Object.keys(index.areas).sort()).toEqual(['base', ...names].sort());
      // One file per area, none left over, no partial file, and the lock let go.
      expect(readdirSync(folder).sort()).toEqual(['index.json', ...Object.values(index.areas).map((listing) => (listing as { file: string }).file)].sort());
      for (const name of names) expect((await runSvcProcess([name, 'get', 'x', '--dry-run'], { build, env })).code).toBe(0);
    }, 120_000); // a real process per add and per read, on a loaded machine
  });
});

import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder } from '../../scripts/build/plain-folder.mjs';
import { tempFolder } from '../support/temp-folder.js';

// The folders the build renames into place (dist/, a fetched package) are made by makeFolder: the mode
// a plain mkdir gives, not mkdtemp's 0700, which only their owner could enter.
describe('makeFolder', () => {
  it('makes a new folder with the mode a plain mkdir gives, under the name it returns', () => {
    const parent = tempFolder('svc-plain-folder-');
    mkdirSync(join(parent, 'plain'));
    const made = makeFolder(join(parent, 'dist.next-'));
    expect(made).toMatch(/[\\/]dist\.next-[0-9a-f]{12}$/);
    expect(statSync(made).isDirectory()).toBe(true);
    expect(statSync(made).mode & 0o7777).toBe(statSync(join(parent, 'plain')).mode & 0o7777);
    expect(statSync(made).mode & 0o7777).not.toBe(0o700);
  });
});

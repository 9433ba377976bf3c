import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/**
 * A fresh folder in the temp folder, removed when the test file ends (test/support/file-cleanup.ts,
 * a vitest setup file, removes them), so `npm test` leaves nothing behind.
 */
export function tempFolder(prefix = 'svc-test-'): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}

/** Removes every folder tempFolder() made in this test file. */
export function removeTempFolders(): void {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
}

import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigFileError } from '../../src/config/config-file.js';
import { withConfigLock } from '../../src/config/config-lock.js';
import { tempFolder } from '../support/temp-folder.js';

const fresh = () => join(tempFolder('svc-lock-'), 'config.json');

describe('withConfigLock', () => {
  it('runs the write holding the lock, then releases it, even when the write throws', async () => {
    const path = fresh();
    expect(await withConfigLock(path, () => existsSync(`${path}.lock`))).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
    await expect(withConfigLock(path, () => {
      throw new Error('disk full');
    })).rejects.toThrow('disk full');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('serialises writers: no two run at once', async () => {
    const path = fresh();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withConfigLock(path, () => {
          most = Math.max(most, ++inside);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('waits for a live holder, then gives up with a sentence naming the lock', async () => {
    const path = fresh();
    writeFileSync(`${path}.lock`, String(process.pid)); // this process: alive
    const error = await withConfigLock(path, () => 'written', { waitMs: 60 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigFileError);
    expect((error as Error).message).toBe(`the config file ${path} is being written by another svc (lock ${path}.lock); if no svc is running, remove the lock file`);
  });

  it('takes over a lock older than staleMs, even from a live process', async () => {
    const path = fresh();
    writeFileSync(`${path}.lock`, String(process.pid));
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, old, old);
    expect(await withConfigLock(path, () => 'written', { waitMs: 60, staleMs: 10_000 })).toBe('written');
  });
});

import { chmodSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Conf from 'conf';
import { ConfigFileError, ownProfile, readConfigFile, type StoredConfig } from './settings-file.js';
import { withConfigLock } from './config-lock.js';
import { makeSettingsFolder } from './settings-folder.js';
import type { ProfileSettings } from './store.js';

/**
 * Changes one profile with conf (atomic write) under the config lock: read, change and write all
 * inside it, keeping the file 0600 and its folder 0700. Returns the settings as written and
 * warnings (a mode that had to be tightened).
 */
export function writeProfile(
  path: string,
  name: string,
  change: (current: ProfileSettings) => ProfileSettings,
): Promise<{ config: StoredConfig; warnings: string[] }> {
  return writeConfig(path, (conf) => {
    // Read again under the lock: another svc may have written since this one read.
    const current = ownProfile(readConfigFile(path), name);
    // No prototype: a profile named "__proto__" or "constructor" is a profile like any other.
    const profiles: Record<string, ProfileSettings> = Object.assign(Object.create(null) as object, conf.get('profiles'));
    const kept = Object.fromEntries(Object.entries(change({ ...current })).filter(([, value]) => value !== undefined));
    if (Object.keys(kept).length === 0) delete profiles[name];
    else profiles[name] = kept;
    conf.set('profiles', profiles);
  });
}

/** Changes the aliases as writeProfile changes a profile: under the lock, read again inside it. */
export function writeAliases(
  path: string,
  change: (current: Record<string, string>) => Record<string, string>,
): Promise<{ config: StoredConfig; warnings: string[] }> {
  return writeConfig(path, (conf) => {
    const current: Record<string, string> = Object.assign(Object.create(null) as object, readConfigFile(path).aliases);
    const next = change(current);
    if (Object.keys(next).length === 0) conf.delete('aliases');
    else conf.set('aliases', Object.assign(Object.create(null) as object, next));
  });
}

/** One write of the settings file through conf, under the config lock, 0600 in a 0700 folder. */
async function writeConfig(path: string, write: (conf: Conf<StoredConfig>) => void): Promise<{ config: StoredConfig; warnings: string[] }> {
  const folder = dirname(path);
  const warnings: string[] = [];
  makeSettingsFolder(folder);
  makePrivate(folder, 0o700, warnings);
  const config = await withConfigLock(path, () => {
    makePrivate(path, 0o600, warnings);
    const conf = new Conf<StoredConfig>({
      projectName: 'svc',
      cwd: folder,
      configName: basename(path, '.json'),
      configFileMode: 0o600,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
    });
    write(conf);
    chmodSync(path, 0o600);
    return { ...conf.store };
  });
  return { config, warnings };
}

/** Tightens a file or folder that other users could read; a token must not sit in one. */
function makePrivate(path: string, mode: number, warnings: string[]): void {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch {
    return; // not there yet: created with the right mode
  }
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    throw new ConfigFileError(`cannot make ${path} private (mode ${octal(current)}): ${(error as { code?: string }).code ?? 'unwritable'}`);
  }
  warnings.push(`${path} was open to other users (mode ${octal(current)}); it is now ${octal(mode)}`);
}

const octal = (mode: number): string => `0${mode.toString(8)}`;

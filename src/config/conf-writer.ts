import { chmodSync, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Conf from 'conf';
import type { StoredConfig } from './config-file.js';
import type { ProfileSettings } from './store.js';

/** Writes one profile with conf (atomic write), keeping the file 0600 and its folder 0700. */
export function writeProfile(path: string, name: string, settings: ProfileSettings): StoredConfig {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  const conf = new Conf<StoredConfig>({
    projectName: 'svc',
    cwd: folder,
    configName: basename(path, '.json'),
    configFileMode: 0o600,
    clearInvalidConfig: false,
    accessPropertiesByDotNotation: false,
  });
  const profiles = { ...conf.get('profiles') };
  const kept = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  if (Object.keys(kept).length === 0) delete profiles[name];
  else profiles[name] = kept;
  conf.set('profiles', profiles);
  chmodSync(path, 0o600);
  return { ...conf.store };
}

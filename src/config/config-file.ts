import { join } from 'node:path';
import { configFolder } from './config-folder.js';
import { ownProfile, readConfigFile, type StoredConfig, unknownSettingsWarning } from './settings-file.js';
import type { ConfigStore } from './store.js';

// The read side lives in settings-file.ts, shared with the lazily loaded writer and its lock.
export { ConfigFileError, ownProfile, readConfigFile, type StoredConfig } from './settings-file.js';

/** `$SVC_CONFIG_DIR/config.json`, else in the platform's config folder for svc (src/config/config-folder.ts). */
export function configFilePath(env: Record<string, string | undefined>): string {
  return join(configFolder(env), 'config.json');
}

/**
 * Reads the settings with a plain JSON parse: the read path of every API call, so it loads no
 * schema validator. Writes go through conf, loaded only then.
 */
export function openConfigStore(env: Record<string, string | undefined>): ConfigStore {
  const path = configFilePath(env);
  let cached: StoredConfig | undefined;
  const read = (): StoredConfig => (cached ??= readConfigFile(path));
  return {
    path,
    profile: (name) => ownProfile(read(), name),
    profileNames: () => Object.keys(read().profiles ?? {}).sort(),
    notices: () => [unknownSettingsWarning(read(), path)].filter((notice) => notice !== undefined),
    async updateProfile(name, change) {
      read(); // a corrupt file stops the write instead of being replaced
      const { writeProfile } = await import('./conf-writer.js');
      const written = await writeProfile(path, name, change);
      cached = written.config;
      return written.warnings;
    },
    // No prototype: an alias named "constructor" is looked up as a name like any other.
    aliases: () => Object.assign(Object.create(null) as object, read().aliases),
    async updateAliases(change) {
      read();
      const { writeAliases } = await import('./conf-writer.js');
      const written = await writeAliases(path, change);
      cached = written.config;
      return written.warnings;
    },
  };
}

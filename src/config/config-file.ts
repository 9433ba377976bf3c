import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { CliError, ExitCode } from '../cli/errors.js';
import type { ConfigStore, ProfileSettings } from './store.js';

export type StoredConfig = { profiles?: Record<string, ProfileSettings> };

/** A config file that exists but cannot be used; never overwritten silently. A usage error (exit 2). */
export class ConfigFileError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'ConfigFileError';
  }
}

/** `$SVC_CONFIG_DIR/config.json`, else the platform's config folder for svc (as conf puts it). */
export function configFilePath(env: Record<string, string | undefined>): string {
  const folder = env.SVC_CONFIG_DIR || envPaths('svc', { suffix: '' }).config;
  return join(folder, 'config.json');
}

/**
 * Reads the settings with a plain JSON parse: the read path of every API call, so it loads no
 * schema validator. Writes go through conf, loaded only then.
 */
export function openConfigStore(env: Record<string, string | undefined>): ConfigStore {
  const path = configFilePath(env);
  let cached: StoredConfig | undefined;
  const read = (): StoredConfig => (cached ??= readConfigFile(path));
  const profiles = (): Record<string, ProfileSettings> => read().profiles ?? {};
  return {
    path,
    profile: (name) => ({ ...profiles()[name] }),
    profileNames: () => Object.keys(profiles()).sort(),
    async setProfile(name, settings) {
      read(); // a corrupt file stops the write instead of being replaced
      const { writeProfile } = await import('./conf-writer.js');
      const written = await writeProfile(path, name, settings);
      cached = written.config;
      return written.warnings;
    },
  };
}

/** Reads and checks the settings file; a missing file is empty settings, a broken one a ConfigFileError. */
export function readConfigFile(path: string): StoredConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw new ConfigFileError(`cannot read the config file ${path}: ${(error as { code?: string }).code ?? 'unreadable'}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigFileError(`the config file ${path} is not valid JSON; fix or remove it`);
  }
  const profiles = (data as StoredConfig | null)?.profiles;
  const valid = data !== null && typeof data === 'object' && !Array.isArray(data) && (profiles === undefined || (typeof profiles === 'object' && profiles !== null && !Array.isArray(profiles)));
  if (!valid) throw new ConfigFileError(`the config file ${path} does not hold svc settings; fix or remove it`);
  return data as StoredConfig;
}

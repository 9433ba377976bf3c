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
  return {
    path,
    profile: (name) => ownProfile(read(), name),
    profileNames: () => Object.keys(read().profiles ?? {}).sort(),
    async updateProfile(name, change) {
      read(); // a corrupt file stops the write instead of being replaced
      const { writeProfile } = await import('./conf-writer.js');
      const written = await writeProfile(path, name, change);
      cached = written.config;
      return written.warnings;
    },
  };
}

/** A copy of the profile's settings; only the file's own keys count, so "constructor" or "__proto__" is just a name. */
export function ownProfile(config: StoredConfig, name: string): ProfileSettings {
  const profiles = config.profiles ?? {};
  return Object.hasOwn(profiles, name) ? { ...profiles[name] } : {};
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
  const problem = settingsProblem(data);
  if (problem) throw new ConfigFileError(`the config file ${path} does not hold svc settings (${problem}); fix or remove it`);
  return data as StoredConfig;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The type each stored setting must have; a value is never quoted, since it may be a token. */
const settingTypes: Record<keyof ProfileSettings, 'string' | 'number'> = { baseUrl: 'string', token: 'string', timeout: 'number', retries: 'number' };

/** What makes valid JSON unusable as settings (`"token": 12345678`, a list where a profile goes), or undefined. */
function settingsProblem(data: unknown): string | undefined {
  if (!isRecord(data)) return 'it is not a JSON object';
  if (data.profiles === undefined) return undefined;
  if (!isRecord(data.profiles)) return '"profiles" is not an object';
  for (const [name, profile] of Object.entries(data.profiles)) {
    if (!isRecord(profile)) return `profile ${JSON.stringify(name)} is not an object`;
    for (const [field, type] of Object.entries(settingTypes)) {
      const value = profile[field];
      if (value !== undefined && (typeof value !== type || (type === 'number' && !Number.isFinite(value)))) return `${field} of profile ${JSON.stringify(name)} is not a ${type}`;
    }
  }
  return undefined;
}

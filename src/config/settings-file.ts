import { readFileSync, statSync } from 'node:fs';
import { editDistance } from '../edit-distance.js';
import { SvcError, ExitCode } from '../errors.js';
import type { ProfileSettings } from './store.js';

export type StoredConfig = { profiles?: Record<string, ProfileSettings>; aliases?: Record<string, string> };

/** A config file that exists but cannot be used; never overwritten silently. A usage error (exit 2). */
export class ConfigFileError extends SvcError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'ConfigFileError';
  }
}

/** A copy of the profile's settings; only the file's own keys count, so "constructor" or "__proto__" is just a name. */
export function ownProfile(config: StoredConfig, name: string): ProfileSettings {
  const profiles = config.profiles ?? {};
  return Object.hasOwn(profiles, name) ? { ...profiles[name] } : {};
}

/** Settings are a few profiles; a file this large is something else (a log, a disk image) put in its place. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Strict UTF-8: a token read through a wrong encoding would be sent changed. A byte-order mark is dropped. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads and checks the settings file; a missing file is empty settings, a broken one a
 * ConfigFileError. Any line endings (JSON reads them alike) and a UTF-8 byte-order mark (as some
 * Windows editors save) are fine; a file over 1 MiB, not UTF-8, or empty is refused, never taken as empty.
 * So is a path that leads to no regular file (a pipe or a device, `/dev/zero`), before it is opened:
 * it says no size, and might not end.
 */
export function readConfigFile(path: string): StoredConfig {
  let bytes: Uint8Array;
  try {
    const info = statSync(path);
    if (!info.isFile()) throw new ConfigFileError(`the config file ${path} is not a regular file; fix or remove it`);
    if (info.size > MAX_SETTINGS_BYTES)
      throw new ConfigFileError(`the config file ${path} is over the ${MAX_SETTINGS_BYTES / 1024 / 1024} MiB limit for settings; fix or remove it`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof ConfigFileError) throw error;
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw new ConfigFileError(`cannot read the config file ${path}: ${(error as { code?: string }).code ?? 'unreadable'}`);
  }
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ConfigFileError(`the config file ${path} is not valid UTF-8; fix or remove it`);
  }
  if (text.trim() === '') throw new ConfigFileError(`the config file ${path} is empty; fix or remove it`);
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
const settingTypes: Record<keyof ProfileSettings, 'string' | 'number' | 'boolean'> = {
  baseUrl: 'string',
  token: 'string',
  tokenStorage: 'string',
  timeout: 'number',
  retries: 'number',
  proxy: 'string',
  noProxy: 'string',
  systemCa: 'boolean',
  rate: 'string',
};

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The keys a settings file holds at its top. */
const TOP_LEVEL_KEYS = ['profiles', 'aliases'];

/** How many unknown keys one warning names; the rest are counted. */
const NAMED_UNKNOWN_KEYS = 5;

/**
 * The warning for keys of a settings file that svc does not know and ignores (`base_url` for
 * `baseUrl`), naming each with where it is and the setting it may mean; undefined when there are
 * none. A misspelt setting would otherwise do nothing without a word.
 */
export function unknownSettingsWarning(config: StoredConfig, path: string): string | undefined {
  const unknown: string[] = [];
  const note = (key: string, known: readonly string[], where: string) => {
    const meant = known.find((name) => nearName(looseName(key), looseName(name)));
    unknown.push(`${JSON.stringify(key)} ${where}${meant ? ` (did you mean ${JSON.stringify(meant)}?)` : ''}`);
  };
  for (const key of Object.keys(config)) if (!TOP_LEVEL_KEYS.includes(key)) note(key, TOP_LEVEL_KEYS, 'at the top level');
  const settings = Object.keys(settingTypes);
  for (const [name, profile] of Object.entries(config.profiles ?? {}))
    for (const key of Object.keys(profile)) if (!Object.hasOwn(settingTypes, key)) note(key, settings, `in profile ${JSON.stringify(name)}`);
  if (unknown.length === 0) return undefined;
  const more = unknown.length > NAMED_UNKNOWN_KEYS ? `, and ${unknown.length - NAMED_UNKNOWN_KEYS} more` : '';
  return `${path} holds ${unknown.length === 1 ? 'a key' : 'keys'} svc does not know, and ignores: ${unknown.slice(0, NAMED_UNKNOWN_KEYS).join(', ')}${more}`;
}

/** A key as a person may misspell it: `base_url`, `base-url` and `BaseURL` are all `baseurl`. */
const looseName = (key: string): string => key.replace(/[-_\s]/g, '').toLowerCase();

/** Whether `typed` is `name` with a slip or two: one edit apart, two for a name of six letters or more. */
function nearName(typed: string, name: string): boolean {
  const allowed = name.length >= 6 ? 2 : 1;
  return Math.abs(typed.length - name.length) <= allowed && editDistance(typed, name) <= allowed;
}

/** What makes valid JSON unusable as settings (`"token": 12345678`, a list where a profile goes), or undefined. */
function settingsProblem(data: unknown): string | undefined {
  if (!isRecord(data)) return 'it is not a JSON object';
  if (data.aliases !== undefined && (!isRecord(data.aliases) || Object.values(data.aliases).some((words) => typeof words !== 'string')))
    return '"aliases" is not an object of strings';
  if (data.profiles === undefined) return undefined;
  if (!isRecord(data.profiles)) return '"profiles" is not an object';
  for (const [name, profile] of Object.entries(data.profiles)) {
    if (!isRecord(profile)) return `profile ${JSON.stringify(name)} is not an object`;
    for (const [field, type] of Object.entries(settingTypes)) {
      const value = profile[field];
      if (value !== undefined && (typeof value !== type || (type === 'number' && !Number.isFinite(value))))
        return `${field} of profile ${JSON.stringify(name)} is not a ${type}`;
    }
    if (profile.tokenStorage !== undefined && profile.tokenStorage !== 'keyring') return `tokenStorage of profile ${JSON.stringify(name)} is not "keyring"`;
    if (CONTROL.test(name)) return `profile ${JSON.stringify(name)} has a control character in its name`;
    // Shown by `svc config get|list`: an escape in one would reach the terminal. (The token is refused where it is used.)
    for (const field of ['baseUrl', 'proxy', 'noProxy', 'rate'] as const)
      if (typeof profile[field] === 'string' && CONTROL.test(profile[field])) return `${field} of profile ${JSON.stringify(name)} holds a control character`;
  }
  return undefined;
}

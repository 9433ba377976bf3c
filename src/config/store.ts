import type { Keyring } from '../auth/keyring.js';

/** Settings kept per profile (one profile per workspace, since keys are workspace-scoped). */
export interface ProfileSettings {
  baseUrl?: string;
  /** Agent session token (`svc_agent_...`), stored by `svc auth login`. */
  token?: string;
  /** `keyring`: the profile's session token is kept in the system keyring, not in this file. */
  tokenStorage?: 'keyring';
  /** Default whole-request timeout, in seconds. */
  timeout?: number;
  /** Default number of retries for idempotent requests. */
  retries?: number;
  /** Proxy URL for this profile, used when no proxy environment variable is set. */
  proxy?: string;
  /** Hosts reached directly (NO_PROXY's forms), used when NO_PROXY is not set. */
  noProxy?: string;
  /** Trust the operating system's certificate store as well as Node's bundled CAs. */
  systemCa?: boolean;
  /** Requests started per second at most by batch runs and `--paginate` (`50/s`, `600/m`), unless `--rate` says otherwise. */
  rate?: string;
}

export interface ConfigStore {
  /** Where the settings live on disk. */
  readonly path: string;
  profile(name: string): ProfileSettings;
  profileNames(): string[];
  /** What the user should hear about the file as read: keys in it that svc does not know and ignores. */
  notices(): string[];
  /**
   * Changes a profile: `change` is given the profile as it is on disk under the config lock and
   * returns its new settings, so two svc writing at once never write back a stale read.
   * A profile left empty is removed. Resolves to warnings for the user, such as a file mode that was
   * too open and has been fixed.
   */
  updateProfile(name: string, change: (current: ProfileSettings) => ProfileSettings): Promise<string[]>;
  /** The aliases (`svc alias set`), by name: the words each stands for, as typed. */
  aliases(): Record<string, string>;
  /** Changes the aliases under the config lock, as updateProfile changes a profile; resolves to warnings. */
  updateAliases(change: (current: Record<string, string>) => Record<string, string>): Promise<string[]>;
}

/**
 * What resolving a profile's settings and credential reads of the world: the environment and the
 * settings, loaded lazily. The CLI's Context is one; config/ and auth/ never import the CLI.
 */
export interface SettingsSource {
  env: Record<string, string | undefined>;
  config(): Promise<ConfigStore>;
  /** The system keyring (src/auth/keyring.ts), opened only when a stored token is needed; the real one when absent. */
  keyring?(): Promise<Keyring>;
}

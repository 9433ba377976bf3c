/**
 * The system keyring: Secret Service over D-Bus on Linux (gnome-keyring, KWallet), the Keychain on
 * macOS, Credential Manager on Windows, through @napi-rs/keyring. This module and its native code
 * load only when a stored session token is written, read or removed: a call with SERVICE_API_KEY
 * never loads them.
 */

/** Where stored session tokens live in the keyring: service `svc`, one account per profile. */
export const KEYRING_SERVICE = 'svc';

/**
 * On Linux the Secret Service and nothing else. Left to choose, the library falls back to the
 * kernel's keyring (keyutils) whenever no Secret Service answers: a store in memory only, gone at
 * reboot (its persistent keyring expires after three days unused), shared by every process of the
 * user without a session keyring of its own. A token stored there would be lost without a word, a
 * read would answer "none" instead of "unreachable", and a login that fell back to the file would
 * leave a copy there that logout never removes. Pinned, an unreachable Secret Service is an error:
 * login stores in the file and says why, as gh does. Other platforms ignore the option.
 */
const ENTRY_OPTIONS: NativeEntryOptions = { linux: { store: 'secret-service' } };

/** A keyring that does not answer in this long is taken as unreachable (a D-Bus that hangs). */
const KEYRING_TIMEOUT_MS = 10_000;

export interface Keyring {
  /** The token stored for the profile, or undefined when none is. Rejects with KeyringUnavailable. */
  read(profile: string): Promise<string | undefined>;
  /** Stores the token for the profile, replacing any. Rejects with KeyringUnavailable. */
  write(profile: string, token: string): Promise<void>;
  /** Removes the profile's token; resolves whether there was one. Rejects with KeyringUnavailable. */
  remove(profile: string): Promise<boolean>;
}

/** No keyring could be used: the reason, in words, for one line of the user's. */
export class KeyringUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeyringUnavailable';
  }
}

interface NativeEntry {
  getPassword(signal?: AbortSignal): Promise<string | null | undefined>;
  setPassword(password: string, signal?: AbortSignal): Promise<void>;
  deletePassword(signal?: AbortSignal): Promise<boolean>;
}

interface NativeEntryOptions {
  linux?: { store?: 'secret-service' | 'keyutils' };
}

type EntryConstructor = new (service: string, account: string, options?: NativeEntryOptions) => NativeEntry;

/** The system keyring; rejects with KeyringUnavailable where its binding cannot load (a standalone binary, an unsupported platform). */
export async function openSystemKeyring(): Promise<Keyring> {
  let AsyncEntry: EntryConstructor;
  try {
    ({ AsyncEntry } = (await import('@napi-rs/keyring')) as unknown as { AsyncEntry: EntryConstructor });
  } catch (error) {
    throw new KeyringUnavailable(bindingMissing(error));
  }
  // Built inside attempt(): where no Secret Service can be reached, building the entry is what throws.
  const entry = (profile: string) => new AsyncEntry(KEYRING_SERVICE, profile, ENTRY_OPTIONS);
  return {
    read: (profile) => attempt(async (signal) => (await entry(profile).getPassword(signal)) ?? undefined),
    write: (profile, token) => attempt((signal) => entry(profile).setPassword(token, signal)),
    remove: (profile) => attempt((signal) => entry(profile).deletePassword(signal)),
  };
}

/**
 * Why the binding did not load: not installed (an install without optional dependencies), or, from
 * the standalone binary, which carries it, why it could not be unpacked or loaded.
 */
function bindingMissing(error: unknown): string {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'MODULE_NOT_FOUND') return 'the keyring library is not installed with this copy of svc';
  return `the keyring library cannot be loaded: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)}`;
}

async function attempt<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(KEYRING_TIMEOUT_MS);
  try {
    return await run(signal);
  } catch (error) {
    throw new KeyringUnavailable(signal.aborted ? `it did not answer within ${KEYRING_TIMEOUT_MS / 1000} s` : keyringReason(error));
  }
}

/** The binding's message, shortened to what a user can act on ("no Secret Service is running"). */
function keyringReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/not provided by any \.service files|ServiceUnknown/i.test(message)) return 'no Secret Service (such as gnome-keyring) is running';
  if (/Failed to connect|AccessDenied|No such file|DBUS/i.test(message)) return 'no D-Bus session with a Secret Service is reachable';
  if (/no result found|not found/i.test(message)) return 'no Secret Service (such as gnome-keyring) is running';
  if (/locked|prompt|dismissed/i.test(message)) return 'the keyring is locked';
  return message.replace(/\s+/g, ' ').slice(0, 200);
}

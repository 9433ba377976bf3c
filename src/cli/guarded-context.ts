import { createRedactor, passwordsInUrls } from '../auth/redaction.js';
import { ALL_PROXY_VARIABLES, proxySecrets } from '../client/proxy-route.js';
import { openKeyring } from '../auth/credential.js';
import type { Keyring } from '../auth/keyring.js';
import type { ConfigStore } from '../config/store.js';
import { colorEnabled } from '../output/color.js';
import { terminalSafe } from '../output/terminal-safe.js';
import type { Context, IO } from '../core/context.js';

/**
 * The one output door (issues #5, #10): wraps a context so that everything printed through it, by
 * any command, --debug, --dry-run, errors, batch records or help, is first redacted of every known
 * secret in every form (src/auth/redaction.ts), then made safe for a terminal: stderr always (it
 * is read by people and CI logs), stdout when it is a terminal (piped, the data stays exact). Safe
 * means every control character is shown, not obeyed (src/output/terminal-safe.ts); only svc's own
 * colours survive on stdout, and only `io.status` (the progress bar) moves the cursor.
 * Secrets are learned as soon as they can be: SERVICE_API_KEY and the proxy variables' passwords
 * at once, `extraSecrets` (a password in a URL on the command line), stored tokens when the config or the keyring is read, a new token when `svc auth login` reads it.
 * Only `secrets.reveal` (`svc auth token`) prints whole. Config write warnings are printed here too.
 */
export function guardContext(ctx: Context, extraSecrets: readonly string[] = []): Context {
  const proxyPasswords = ALL_PROXY_VARIABLES.flatMap((name) => proxySecrets(ctx.env[name]));
  const redactor = createRedactor([ctx.env.SERVICE_API_KEY, ...passwordsInUrls([ctx.env.SERVICE_BASE_URL]), ...proxyPasswords, ...extraSecrets]);
  const io = copyWith(ctx.io, guardedOutput(ctx, redactor.text));
  let store: Promise<ConfigStore> | undefined;
  const config = (): Promise<ConfigStore> => (store ??= ctx.config().then((loaded) => guardStore(loaded, redactor.add, io.err)));
  const secrets = { add: redactor.add, redact: redactor.text, redactValue: redactor.value, reveal: (text: string) => ctx.io.out(text) };
  const keyring = async (): Promise<Keyring> => guardKeyring(await openKeyring(ctx), redactor.add);
  return copyWith(ctx, { io, config, secrets, keyring });
}

/** A token read from or written to the keyring is a secret from then on, like one in the config file. */
function guardKeyring(keyring: Keyring, add: (secret: string) => void): Keyring {
  return {
    async read(profile) {
      const token = await keyring.read(profile);
      if (token !== undefined) add(token);
      return token;
    },
    // `svc auth login` learns the token it writes as soon as it reads it.
    write: (profile, token) => keyring.write(profile, token),
    remove: (profile) => keyring.remove(profile),
  };
}

function guardedOutput(ctx: Context, redact: (text: string) => string): Pick<IO, 'out' | 'err' | 'status'> {
  let stdoutSafe: ((text: string) => string) | undefined;
  const forStdout = (): ((text: string) => string) => {
    if (!ctx.io.stdoutIsTTY) return (text) => text;
    const colour = colorEnabled(ctx.env, true);
    return (text) => terminalSafe(text, { newlines: true, colour });
  };
  const forStderr = (text: string): string => terminalSafe(redact(text), { newlines: true });
  return {
    out: (text) => ctx.io.out((stdoutSafe ??= forStdout())(redact(text))),
    err: (text) => ctx.io.err(forStderr(text)),
    status: (line) => ctx.io.err(`\r${terminalSafe(redact(line), { newlines: false })}\u001b[K`),
  };
}

/**
 * A shallow copy with some properties replaced, keeping getters as getters. A spread would call
 * them, and the process context's getters set up stdin, stdout, stderr and the Ctrl-C handler only
 * when a command asks (README, Speed).
 */
function copyWith<T extends object>(source: T, replaced: Partial<T>): T {
  return Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)), Object.getOwnPropertyDescriptors(replaced)) as T;
}

function guardStore(store: ConfigStore, add: (secret: string) => void, err: (text: string) => void): ConfigStore {
  for (const name of store.profileNames()) {
    const { token, baseUrl, proxy } = store.profile(name);
    if (typeof token === 'string') add(token);
    if (typeof baseUrl === 'string') passwordsInUrls([baseUrl]).forEach(add);
    if (typeof proxy === 'string') proxySecrets(proxy).forEach(add);
  }
  return {
    path: store.path,
    profile: (name) => store.profile(name),
    profileNames: () => store.profileNames(),
    async updateProfile(name, change) {
      const warnings = await store.updateProfile(name, (current) => {
        const next = change(current);
        if (next.token) add(next.token);
        passwordsInUrls([next.baseUrl]).forEach(add);
        proxySecrets(next.proxy).forEach(add);
        return next;
      });
      if (warnings.length > 0) err(`svc: warning: ${warnings.join('; ')}\n`);
      return warnings;
    },
    aliases: () => store.aliases(),
    async updateAliases(change) {
      const warnings = await store.updateAliases(change);
      if (warnings.length > 0) err(`svc: warning: ${warnings.join('; ')}\n`);
      return warnings;
    },
  };
}

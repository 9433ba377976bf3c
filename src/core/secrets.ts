import { createRedactor, passwordsInUrls } from '../auth/redaction.js';
import { openKeyring } from '../auth/credential.js';
import type { Keyring } from '../auth/keyring.js';
import { ALL_PROXY_VARIABLES } from '../config/proxy-route.js';
import { proxySecrets } from '../proxy-url.js';
import type { ConfigStore } from '../config/store.js';
import type { Context, IO } from './context.js';

/**
 * Learns every secret as soon as it can be, for every front-end: SERVICE_API_KEY
 * and the passwords in SERVICE_BASE_URL and the proxy variables at once, `extraSecrets` (a password
 * in a URL on the command line), stored tokens when the config or the keyring is read, a new token
 * when `svc auth login` writes it. Returns the context with `secrets` set (each secret redacted in every form it
 * takes, src/auth/redaction.ts) and its config learning what it reads and writes; config write
 * warnings go to `io.err`. `guardOutput`, given the redactor, replaces parts of the context's
 * output (the CLI's terminal door, src/cli/guarded-context.ts).
 */
export function learnSecrets(ctx: Context, extraSecrets: readonly string[] = [], guardOutput?: (redact: (text: string) => string) => Partial<IO>): Context {
  const proxyPasswords = ALL_PROXY_VARIABLES.flatMap((name) => proxySecrets(ctx.env[name]));
  const redactor = createRedactor([ctx.env.SERVICE_API_KEY, ...passwordsInUrls([ctx.env.SERVICE_BASE_URL]), ...proxyPasswords, ...extraSecrets]);
  const io = guardOutput ? copyWith(ctx.io, guardOutput(redactor.text)) : ctx.io;
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

/**
 * A shallow copy with some properties replaced, keeping getters as getters. A spread would call
 * them, and the process context's getters set up stdin, stdout, stderr and the Ctrl-C handler only
 * when a command asks (README, Speed).
 */
export function copyWith<T extends object>(source: T, replaced: Partial<T>): T {
  return Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)), Object.getOwnPropertyDescriptors(replaced)) as T;
}

function guardStore(store: ConfigStore, add: (secret: string) => void, err: (text: string) => void): ConfigStore {
  for (const name of store.profileNames()) {
    const { token, baseUrl, proxy } = store.profile(name);
    if (typeof token === 'string') add(token);
    if (typeof baseUrl === 'string') passwordsInUrls([baseUrl]).forEach(add);
    if (typeof proxy === 'string') proxySecrets(proxy).forEach(add);
  }
  // Once a run, after its secrets are known: a key may hold what was meant as a value.
  for (const notice of store.notices()) err(`svc: warning: ${notice}\n`);
  return {
    path: store.path,
    profile: (name) => store.profile(name),
    profileNames: () => store.profileNames(),
    notices: () => store.notices(),
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

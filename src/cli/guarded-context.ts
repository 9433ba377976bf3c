import { redactSecrets } from '../auth/credential.js';
import type { ConfigStore } from '../config/store.js';
import type { Context } from './context.js';

/**
 * The one redaction layer (issue #5): wraps a context so that everything printed through it, by
 * any command, --debug, --dry-run, errors or help, has every known secret redacted. Secrets are
 * learned as soon as they can be: SERVICE_API_KEY at once, stored tokens when the config is read, a
 * new token when `svc auth login` reads it. Only `secrets.reveal` (`svc auth token`) prints whole.
 * It also prints the warnings of config writes, so no command can forget them.
 */
export function guardContext(ctx: Context): Context {
  const known = new Set<string>();
  const add = (secret: string): void => {
    if (secret !== '') known.add(secret);
  };
  if (ctx.env.SERVICE_API_KEY) add(ctx.env.SERVICE_API_KEY);
  // Longest first, so a secret that contains another is redacted whole.
  const redact = (text: string): string => redactSecrets(text, [...known].sort((a, b) => b.length - a.length));
  const io = copyWith(ctx.io, { out: (text: string) => ctx.io.out(redact(text)), err: (text: string) => ctx.io.err(redact(text)) });
  let store: Promise<ConfigStore> | undefined;
  const config = (): Promise<ConfigStore> => (store ??= ctx.config().then((loaded) => guardStore(loaded, add, io.err)));
  return copyWith(ctx, { io, config, secrets: { add, reveal: (text: string) => ctx.io.out(text) } });
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
    const token = store.profile(name).token;
    if (token) add(token);
  }
  return {
    path: store.path,
    profile: (name) => store.profile(name),
    profileNames: () => store.profileNames(),
    async setProfile(name, settings) {
      if (settings.token) add(settings.token);
      const warnings = await store.setProfile(name, settings);
      if (warnings.length > 0) err(`svc: warning: ${warnings.join('; ')}\n`);
      return warnings;
    },
  };
}

import { join } from 'node:path';

/**
 * svc's config folder: SVC_CONFIG_DIR, else the platform's config folder for svc, as the env-paths
 * package names it (XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Preferences on macOS,
 * %APPDATA%\svc\Config on Windows). The settings file lives there, and the areas added to each
 * profile. Written out here, from the environment it is given, so that the root command (`svc
 * --help`, which lists the added areas) loads nothing more; test/config/config-folder.test.ts
 * holds it to env-paths' answer.
 */
export function configFolder(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string {
  if (env.SVC_CONFIG_DIR) return env.SVC_CONFIG_DIR;
  const home = homeOf(env, platform);
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'svc');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'svc', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'svc');
}

/**
 * The home folder as Node's os.homedir() finds it: HOME (USERPROFILE on Windows) when set, else the
 * user database, through node:os, loaded only then (Node 22.3 and later).
 */
function homeOf(env: Record<string, string | undefined>, platform: NodeJS.Platform): string {
  const given = platform === 'win32' ? env.USERPROFILE : env.HOME;
  if (given) return given;
  const os = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('node:os') : undefined;
  return os?.homedir() ?? '';
}

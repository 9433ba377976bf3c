import { homedir } from 'node:os';
import envPaths from 'env-paths';
import { afterEach, describe, expect, it } from 'vitest';
import { configFolder } from '../../src/config/config-folder.js';

// env-paths reads process.env when called (and the home folder when loaded): each case sets it, then puts it back.
const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe("svc's config folder", () => {
  it.each([
    ['XDG_CONFIG_HOME set', { XDG_CONFIG_HOME: '/srv/conf', APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }],
    ['XDG_CONFIG_HOME empty', { XDG_CONFIG_HOME: '', APPDATA: '' }],
    ['neither set', {}],
  ])("is env-paths' config folder for svc on this platform: %s", (_name, env) => {
    delete process.env.XDG_CONFIG_HOME;
    delete process.env.APPDATA;
    Object.assign(process.env, env);
    const home = process.platform === 'win32' ? { USERPROFILE: homedir() } : { HOME: homedir() };
    expect(configFolder({ ...env, ...home })).toBe(envPaths('svc', { suffix: '' }).config);
  });

  it('is SVC_CONFIG_DIR when it is set, whatever the platform says', () => {
    expect(configFolder({ SVC_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/srv/conf' })).toBe('/tmp/x');
  });

  it("is each platform's folder, from the environment svc is given", () => {
    expect(configFolder({ HOME: '/home/ada' }, 'linux')).toBe('/home/ada/.config/svc');
    expect(configFolder({ HOME: '/home/ada', XDG_CONFIG_HOME: '/etc/ada' }, 'linux')).toBe('/etc/ada/svc');
    expect(configFolder({ HOME: '/Users/ada' }, 'darwin')).toBe('/Users/ada/Library/Preferences/svc');
    // On Windows node:path would join with backslashes; the parts are what matter here.
    expect(configFolder({ USERPROFILE: '/u/ada' }, 'win32').split(/[\\/]/)).toEqual(['', 'u', 'ada', 'AppData', 'Roaming', 'svc', 'Config']);
    expect(configFolder({ USERPROFILE: '/u/ada', APPDATA: '/roam' }, 'win32').split(/[\\/]/)).toEqual(['', 'roam', 'svc', 'Config']);
  });

  it('without a home in the environment, is under the home folder the system knows', () => {
    expect(configFolder({}, 'linux')).toBe(`${homedir()}/.config/svc`);
  });
});

import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SETTINGS_BYTES, readConfigFile } from '../../src/config/settings-file.js';
import { tempFolder } from '../support/temp-folder.js';

// Every file svc reads meets every line-ending convention and every size, or is refused
// with a line that says what is wrong; the settings file too.
const dir = tempFolder('svc-settings-');
const settings = { profiles: { default: { baseUrl: 'https://api.example.com/v1', token: 'svc_agent_Zq81LmNopQrsTuvW', timeout: 12 } } };
const json = JSON.stringify(settings, null, 2);

function fileHolding(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('readConfigFile', () => {
  it.each([
    ['LF', json],
    ['CRLF', json.replace(/\n/g, '\r\n')],
    ['CR', json.replace(/\n/g, '\r')],
    ['a UTF-8 byte-order mark', `\uFEFF${json}`],
  ])('reads settings saved with %s', (name, text) => {
    expect(readConfigFile(fileHolding(`${name}.json`, text))).toEqual(settings);
  });

  it('takes a missing file as no settings', () => {
    expect(readConfigFile(join(dir, 'absent.json'))).toEqual({});
  });

  it.each([
    ['empty', '', 'is empty'],
    ['blank', ' \r\n', 'is empty'],
    ['Latin-1', Buffer.from(json.replace('Zq81', 'Zq\u00e91'), 'latin1'), 'is not valid UTF-8'],
    ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]), 'is not valid UTF-8'],
  ])('refuses an %s file with one line naming it, and never shows its content', (name, content, problem) => {
    const path = fileHolding(`${name}.json`, content);
    expect(() => readConfigFile(path)).toThrow(`the config file ${path} ${problem}; fix or remove it`);
    try {
      readConfigFile(path);
    } catch (error) {
      expect((error as Error).message).not.toContain('Zq');
    }
  });

  it('refuses a file over the 1 MiB limit before reading it, and reads one just under', () => {
    const padded = (size: number) =>
      `${json.slice(0, -1)},${JSON.stringify({ pad: '' })
        .slice(1, -1)
        .replace('""', `"${'x'.repeat(size - json.length - 10)}"`)}}`;
    const under = fileHolding('under.json', padded(MAX_SETTINGS_BYTES));
    expect(readConfigFile(under).profiles).toEqual(settings.profiles);
    const over = fileHolding('over.json', padded(MAX_SETTINGS_BYTES + 16));
    expect(() => readConfigFile(over)).toThrow(`the config file ${over} is over the 1 MiB limit for settings; fix or remove it`);
  });

  it.each([
    ['a device that never ends (/dev/zero)', (path: string) => symlinkSync('/dev/zero', path)],
    ['a named pipe no one writes to', (path: string) => execFileSync('mkfifo', [path])],
  ])('refuses %s before reading it: it says no size, and reading it would fill memory or wait forever', (_name, make) => {
    const path = join(tempFolder('svc-settings-'), 'config.json');
    make(path);
    expect(() => readConfigFile(path)).toThrow(`the config file ${path} is not a regular file; fix or remove it`);
  });
});

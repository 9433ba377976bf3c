import { spawn, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parseUserJson, readTextFile } from '../../src/input/user-file.js';
import { tempFolder } from '../support/temp-folder.js';

// The one reader of JSON a user gives (--body, --fixtures): each refusal names where the JSON came from.
describe('parseUserJson', () => {
  const refusal = (text: string): string => {
    try {
      parseUserJson(text, 'f.json', 'a JSON object');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('refuses empty, too deep and broken JSON, naming the origin', () => {
    expect(refusal(' \r\n')).toBe('f.json is empty; expected a JSON object');
    expect(refusal(`${'['.repeat(1001)}${']'.repeat(1001)}`)).toBe('f.json nests deeper than 1000 levels');
    expect(refusal('{"a": ')).toMatch(/^JSON in f\.json is not valid: /);
  });

  it('reads JSON, a UTF-8 byte-order mark before it included', () => {
    expect(parseUserJson('\uFEFF{"a": [1]}', 'f.json', 'JSON')).toEqual({ a: [1] });
    expect(parseUserJson(`${'['.repeat(1000)}${']'.repeat(1000)}`, 'f.json', 'JSON')).toBeInstanceOf(Array);
  });
});

describe('readTextFile', () => {
  const folder = tempFolder('svc-user-file-');

  it('reads a file up to the limit, and refuses one over it before reading (it says its size)', () => {
    writeFileSync(join(folder, 'ten.json'), '[1,2,3,45]');
    expect(readTextFile(join(folder, 'ten.json'), 10)).toBe('[1,2,3,45]');
    expect(() => readTextFile(join(folder, 'ten.json'), 9)).toThrow(new InputError(`${join(folder, 'ten.json')} is 10 bytes, over the 9 bytes limit`));
  });

  // A pipe or device says no size: `--body @/dev/zero` or `@<(yes)` read until memory ran out and
  // V8 died with a native stack trace. Reading stops one byte past the limit.
  it('refuses a pipe that never ends once it has given more than the limit', async () => {
    const fifo = join(folder, 'endless');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'yes > "$1"', 'sh', fifo], { stdio: 'ignore' });
    const ended = new Promise((resolve) => writer.on('exit', resolve));
    try {
      expect(() => readTextFile(fifo, 100_000)).toThrow(new InputError(`${fifo} is over the 100000 bytes limit`));
    } finally {
      writer.kill();
      await ended;
    }
  });
});

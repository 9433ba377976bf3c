import { describe, expect, it } from 'vitest';
import { importedNames } from '../../scripts/build/builtin-imports.mjs';

describe('importedNames: what a module takes from a Node built-in', () => {
  it.each([
    ["import process from 'node:process';", 'node:process', { default: true, named: [] }],
    ["import { EventEmitter } from 'node:events';", 'node:events', { default: false, named: ['EventEmitter'] }],
    ["import fs, { readFileSync as read, type Stats } from 'node:fs';", 'node:fs', { default: true, named: ['readFileSync'] }],
    ['import { a } from \'node:util\';\nimport { b, c } from "node:util";', 'node:util', { default: false, named: ['a', 'b', 'c'] }],
    ["import { join } from 'path'; import { x } from 'node:path';", 'path', { default: false, named: ['join'] }],
    // A parser, not a pattern: comments, strings and type-only imports are not imports of values.
    ["// import * as fs from 'node:fs';\nimport { a } from 'node:fs';", 'node:fs', { default: false, named: ['a'] }],
    ["const s = \"import * as fs from 'node:fs'\";\nimport { a } from 'node:fs';", 'node:fs', { default: false, named: ['a'] }],
    [
      "import type { Stats } from 'node:fs';\nimport {\n  readFileSync, // read\n  statSync,\n} from 'node:fs';",
      'node:fs',
      { default: false, named: ['readFileSync', 'statSync'] },
    ],
  ])('%s', (source, specifier, expected) => {
    const names = importedNames(source, specifier);
    expect(names && { default: names.default, named: [...names.named] }).toEqual(expected);
  });

  it.each([
    ["import * as fs from 'node:fs';", 'node:fs'],
    ["import 'node:fs';", 'node:fs'],
    ["export { readFileSync } from 'node:fs';", 'node:fs'],
    ["import { a } from 'node:fs'; import * as b from 'node:fs';", 'node:fs'],
  ])('leaves %s as an ES import', (source, specifier) => {
    expect(importedNames(source, specifier)).toBeUndefined();
  });
});

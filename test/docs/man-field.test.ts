// package.json's man field, as npm run docs and npm run registry:import write it (scripts/build/man-field.mjs).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeManField } from '../../scripts/build/man-field.mjs';
import { tempFolder } from '../support/temp-folder.js';

describe('writeManField', () => {
  it('lists each page once, in order, under ./dist/man/, keeping the rest of package.json as npm writes it', () => {
    const root = tempFolder();
    const before = { name: 'x', version: '1.0.0', man: ['./dist/man/svc.1'], scripts: { test: 'vitest' } };
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(before, null, 2)}\n`);
    expect(writeManField(['svc-pets.1', 'svc.1', 'svc-batch.7', 'svc-pets.1'], root)).toBe(true);
    const text = readFileSync(join(root, 'package.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify({ ...before, man: ['./dist/man/svc-batch.7', './dist/man/svc-pets.1', './dist/man/svc.1'] }, null, 2)}\n`);
    expect(readdirSync(root)).toEqual(['package.json']);
  });

  it('leaves a package.json whose field is already right untouched', () => {
    const root = tempFolder();
    const text = '{\n    "name": "x",\n    "man": [\n        "./dist/man/svc.1"\n    ]\n}\n';
    writeFileSync(join(root, 'package.json'), text);
    expect(writeManField(['svc.1'], root)).toBe(false);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(text);
  });
});

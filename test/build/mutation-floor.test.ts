import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { moduleScore, scoreTable } from '../../scripts/mutate.mjs';
// @ts-expect-error: the Stryker config is a plain ES module
import { guardedModules, threshold } from '../../stryker.config.mjs';

// `npm run mutate` fails CI when one guarded module scores under the floor. Stryker's
// own thresholds.break is one number for all files together, so a weak module could hide behind
// strong ones; scripts/mutate.mjs checks each module from Stryker's JSON report.
const mutants = (statuses: Record<string, number>) => Object.entries(statuses).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

describe('the per-module mutation floor', () => {
  it('scores detected (killed or timed out) over valid mutants; compile and runtime errors and ignored ones do not count', () => {
    expect(moduleScore(mutants({ Killed: 80, Timeout: 5, Survived: 10, NoCoverage: 5, CompileError: 50, RuntimeError: 3, Ignored: 2 }))).toEqual({
      detected: 85,
      survived: 10,
      noCoverage: 5,
      valid: 100,
      score: 85,
    });
  });

  it('fails a module under the floor even when the run as a whole is above it', () => {
    const report = {
      config: { mutate: ['a.ts', 'b.ts'] },
      files: { 'a.ts': { mutants: mutants({ Killed: 990, Survived: 10 }) }, 'b.ts': { mutants: mutants({ Killed: 84, Survived: 16 }) } },
    };
    expect(scoreTable(report, ['a.ts', 'b.ts'], 85).map((row: { module: string; pass: boolean }) => [row.module, row.pass])).toEqual([
      ['a.ts', true],
      ['b.ts', false],
    ]);
  });

  it('fails a module with no mutant tested (the project did not type-check, so every mutant was a compile error)', () => {
    const report = { config: { mutate: ['a.ts'] }, files: { 'a.ts': { mutants: mutants({ CompileError: 40 }) } } };
    expect(scoreTable(report, ['a.ts'], 85)).toMatchObject([{ module: 'a.ts', missing: true, pass: false }]);
  });

  it('checks only the modules the run was asked to mutate (`--mutate one/file.ts`)', () => {
    const report = { config: { mutate: ['b.ts'] }, files: { 'b.ts': { mutants: mutants({ Killed: 9, Survived: 1 }) } } };
    expect(scoreTable(report, ['a.ts', 'b.ts'], 85)).toMatchObject([{ module: 'b.ts', score: 90, pass: true }]);
  });

  it('guards every module the issue names, at 85%', () => {
    expect(threshold).toBe(85);
    for (const module of [
      'src/client/path.ts',
      'src/client/retry.ts',
      'src/batch/csv.ts',
      'src/input/assignment.ts',
      'src/config/config-lock.ts',
      'src/cli/guarded-context.ts',
      'src/core/secrets.ts',
      'src/auth/redaction.ts',
      'src/output/terminal-safe.ts',
      'src/client/response-body.ts',
      'src/client/json-body.ts',
      'src/output/json-color.ts',
      'src/output/yaml.ts',
      'src/output/text-width.ts',
    ]) {
      expect(guardedModules).toContain(module);
    }
  });
});

describe('the mutation test set (vitest.mutate.config.ts)', () => {
  it('holds no test that runs the built svc: a process never runs a mutant, and the sandbox may not build one', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const { notMutationTests } = await import('../../vitest.mutate.config.js');
    const root = join(import.meta.dirname, '..', '..');
    const files = (readdirSync(join(root, 'test'), { recursive: true }) as string[]).filter((name) => name.endsWith('.test.ts')).map((name) => `test/${name}`);
    const excluded = (file: string) =>
      notMutationTests.some((pattern) => {
        const source = pattern
          .replace(/\./g, '\\.')
          .replace(/\*\*/g, '\u0000')
          .replace(/\*/g, '[^/]*')
          .replace(/\u0000/g, '.*')
          .replace(/\{([^}]+)\}/g, (_, list: string) => `(?:${list.split(',').join('|')})`);
        return new RegExp(`^${source}$`).test(file);
      });
    const spawning = files.filter(
      (file) =>
        !excluded(file) &&
        /SVC_BIN|startSvcProcess|runSvcProcess|startMockProcess|useRegistryVariant|http-process/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(spawning.map((file) => relative(root, join(root, file)))).toEqual([]);
  });
});

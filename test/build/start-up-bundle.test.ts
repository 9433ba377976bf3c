import { describe, expect, it } from 'vitest';
import { bundleCli } from '../../scripts/build/bundle.mjs';

// What every svc invocation loads before it knows what argv asks for: dist/cli.js and the chunks it
// imports statically. `npm run bench` measures the time; this names the culprit when it grows.
const { metafile, outputFiles } = await bundleCli({ outdir: 'dist', metafile: true, write: false });

function startUpFiles(meta = metafile): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of meta.outputs[file]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit('dist/cli.js');
  return [...seen];
}

const startUpInputs = startUpFiles().flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));

describe('start-up loads only what every command needs', () => {
  it('from one file, plus the chunk of esbuild helpers every chunk shares', () => {
    // Each file costs the loader ~0.2 ms; scripts/build/start-up-file.mjs keeps start-up in cli.js.
    const [cli, ...others] = startUpFiles();
    expect(cli).toBe('dist/cli.js');
    expect(others.length).toBeLessThanOrEqual(1);
    for (const other of others) expect(Object.keys(metafile.outputs[other]!.inputs)).toEqual([]);
  });

  it('scripts/build/start-up-file.mjs earns its keep: without it, start-up loads several more files', async () => {
    // esbuild puts each module that start-up shares with a lazy chunk into a chunk of its own; each
    // is one more file to resolve, read and link before svc prints anything (~0.2 ms each).
    const plain = await bundleCli({ outdir: 'dist', metafile: true, write: false, keepStartUpTogether: false });
    const without = startUpFiles(plain.metafile);
    // 13 files without it, 2 with it when this was written (issue #12).
    expect(without.length - startUpFiles().length).toBeGreaterThanOrEqual(5);
  });

  it('no schema library, HTTP client, colours, config writer or mock', () => {
    const heavy = startUpInputs.filter((input) => /node_modules\/(zod|undici|chalk|conf|ajv|msw|env-paths|yaml|@jmespath-community)\//.test(input));
    expect(heavy).toEqual([]);
  });

  it('no operation, and none of the call path', () => {
    // src/output: only colour rules, the --output format names and plain JSON (program.ts needs them),
    // and the terminal-safe text of the output door every message passes (guarded-context.ts).
    const lazy = startUpInputs.filter((input) => /^registry\/(?!areas|define|api)|^src\/(cli\/execute|cli\/terminal|client\/undici|config\/config-file|output\/(?!color|formats|json\.ts|terminal-safe)|input\/operation-input)/.test(input));
    expect(lazy).toEqual([]);
  });

  it('Node built-ins imported by name through require(), not as ES modules (their facades read every property)', () => {
    const files = new Set(startUpFiles().map((file) => `${process.cwd()}/${file}`));
    const texts = outputFiles.filter((output) => files.has(output.path));
    expect(texts).toHaveLength(files.size);
    const esImports = texts
      .flatMap((output) => [...output.text.matchAll(/^import .* from ["'](node:[\w/]+)["']/gm)].map((match) => match[1]));
    expect(esImports.filter((name) => name !== 'node:module')).toEqual([]);
  });
});

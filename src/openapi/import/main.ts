import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDescription } from './description-file.js';
import { formatFiles } from './formatting.js';
import { loadHandWritten, loadImportedBefore, loadRegistryThrottling } from './hand-written.js';
import { areasToWrite, importDescription } from './import-description.js';
import { readImportedFolder, writeImportedFiles } from './folder.js';
import { readAreaNames, readRenames } from './choice.js';
import { checkReferences } from './refs.js';
import { EXIT, ImportRefusal } from './refusal.js';
import { importerWording } from './conflicts.js';

const USAGE = 'usage: npm run registry:import -- <openapi.json|yaml> [--areas a,b] [--rename tag=name,…] [--out registry/] [--report file.json]';

export interface RunOptions {
  /** The project's root: its node_modules and Prettier settings. */
  repoRoot: string;
  /** The folder relative paths start from: where the user ran `npm run` (npm runs scripts at the project's root). */
  cwd: string;
  /** Where the lines go (stderr). */
  write(line: string): void;
  /**
   * After the files are written into `out` (a registry folder), what else the project keeps in step
   * with the registry (package.json's man field); returns the lines to write. Run by
   * scripts/registry-import.mjs, which can build the manual; a failure is the import's exit 1.
   */
  afterImport?(out: string): Promise<string[]>;
}

/**
 * `npm run registry:import -- <file> [--areas a,b] [--rename tag=name] [--out registry/] [--report file.json]`: reads
 * an OpenAPI description and writes its areas into `<out>/imported/`; returns the exit status
 * (0 written, 1 refused by the registry, 2 bad input), after one line on a refusal or the report.
 */
export async function run(argv: string[], options: RunOptions): Promise<number> {
  try {
    const started = performance.now();
    const parsed = parseCommandLine(argv);
    if (parsed === 'help') {
      options.write(USAGE);
      return EXIT.written;
    }
    const here = (path: string) => relative(options.cwd, path) || '.';
    const args = {
      ...parsed,
      file: resolve(options.cwd, parsed.file),
      out: resolve(options.cwd, parsed.out),
      ...(parsed.report ? { report: resolve(options.cwd, parsed.report) } : {}),
    };
    const description = await readDescription(args.file, parsed.file);
    checkReferences(description.document, parsed.file);
    const handWritten = await loadHandWritten(args.out, options.repoRoot, parsed.out);
    const folder = readImportedFolder(args.out, parsed.out);
    // Only the areas this import keeps are read: one it writes again is replaced, however its old file reads.
    const choice = { ...(args.areas ? { areas: args.areas } : {}), ...(args.renames ? { renames: args.renames } : {}) };
    const rewritten = areasToWrite(description, choice);
    const kept = folder.areas.map((listing) => listing.area).filter((area) => !rewritten.has(area));
    const keptOperations = await loadImportedBefore(args.out, options.repoRoot, kept, parsed.out);
    const result = importDescription(description, {
      ...choice,
      handWritten,
      importedBefore: folder.areas,
      keptOperations,
      wording: importerWording(folder.shown),
      throttlesBeforeApplying: await loadRegistryThrottling(args.out, options.repoRoot, parsed.out),
    });
    const written = writeImportedFiles(folder, await formatFiles(options.repoRoot, result.files));
    const summary = {
      description: parsed.file,
      folder: here(folder.path),
      operations: result.operations,
      areas: result.areas,
      files: written.map(here),
      seconds: (performance.now() - started) / 1000,
    };
    if (args.report) writeReport(args.report, result.report.json(summary));
    for (const line of result.report.lines(summary)) options.write(line);
    return await afterImport(options, args.out);
  } catch (error) {
    if (error instanceof ImportRefusal) {
      options.write(`registry:import: ${error.message}`);
      return error.exitCode;
    }
    options.write(`registry:import: unexpected failure (please report it): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return EXIT.conflict;
  }
}

/** What follows a written import (RunOptions.afterImport): exit 0, or 1 with one line when it fails. */
async function afterImport(options: RunOptions, out: string): Promise<number> {
  try {
    for (const line of (await options.afterImport?.(out)) ?? []) options.write(line);
    return EXIT.written;
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\n\s*/g, ' ') : String(error);
    options.write(`registry:import: the areas are written, but ${reason}`);
    return EXIT.conflict;
  }
}

interface CommandLine {
  file: string;
  areas?: string[];
  renames?: Map<string, string>;
  out: string;
  report?: string;
}

function parseCommandLine(argv: string[]): CommandLine | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        // Given again, each adds to its list: --rename a=b --rename c=d is --rename a=b,c=d.
        areas: { type: 'string', multiple: true },
        rename: { type: 'string', multiple: true },
        out: { type: 'string' },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new ImportRefusal(`${(error as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1)
    throw new ImportRefusal(positionals.length === 0 ? `name the description file (${USAGE})` : `one description at a time (${USAGE})`);
  const areas = values.areas === undefined ? undefined : readAreaNames(values.areas.join(','));
  const renames = values.rename === undefined ? undefined : readRenames(values.rename.join(','));
  return {
    file: positionals[0]!,
    out: values.out ?? 'registry',
    ...(areas ? { areas } : {}),
    ...(renames ? { renames } : {}),
    ...(values.report ? { report: values.report } : {}),
  };
}

function writeReport(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new ImportRefusal(`cannot write the report to ${file}: ${(error as Error).message}`);
  }
}

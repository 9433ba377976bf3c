// Which of svc's sources a real bin/svc process ran. The CLI is one script (dist/cli.cjs, or for a
// run that names no command dist/cli-root.cjs, the root command alone) whose parts are initialised on first use, so "loaded" means "some of its code ran": V8's coverage
// (NODE_V8_COVERAGE) names the functions that ran, by offset in the script, and the script's
// source map names the source file at each offset (src/…, registry/…, node_modules/…).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freshConfigDir, SVC_BIN } from './svc.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The CLI's scripts (scripts/build/bundle.mjs): the whole CLI, the root command alone, svc mcp's server and svc areas add's mapping. */
const SCRIPTS = ['cli.cjs', 'cli-root.cjs', 'mcp.cjs', 'areas-add.cjs'].map((name) => join(ROOT, 'dist', name));

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}

/**
 * Runs bin/svc with `args`, `env` (PATH added), Node's `nodeArgs` and `input` on stdin; resolves
 * to its stdout, the CLI scripts it ran (`cli.cjs`, `cli-root.cjs`) and the sources it ran.
 */
export async function runAndTrace(
  args: readonly string[],
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
  input = '',
): Promise<{ stdout: string; scripts: Set<string>; sources: Set<string> }> {
  const coverage = freshConfigDir();
  const child = promisify(execFile)(process.execPath, [...nodeArgs, SVC_BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', SVC_CONFIG_DIR: freshConfigDir(), XDG_CACHE_HOME: freshConfigDir(), ...env, NODE_V8_COVERAGE: coverage },
    // svc openapi prints the whole registry: megabytes once a large description is imported.
    maxBuffer: 256 * 1024 * 1024,
  });
  child.child.stdin!.end(input);
  const { stdout } = await child;
  return { stdout, ...sourcesThatRan(coverage) };
}

/** The CLI scripts that ran (`cli.cjs`, `cli-root.cjs`), and the source files with at least one function that ran, from a NODE_V8_COVERAGE folder. */
function sourcesThatRan(folder: string): { scripts: Set<string>; sources: Set<string> } {
  const scripts = readdirSync(folder).flatMap(
    (name) => JSON.parse(readFileSync(join(folder, name), 'utf8')).result as { url: string; functions: FunctionCoverage[] }[],
  );
  const sources = new Set<string>();
  const ran = new Set<string>();
  for (const script of SCRIPTS) {
    const functions = scripts.filter(({ url }) => url === `file://${script}` || url === script).flatMap(({ functions }) => functions);
    if (functions.length === 0) continue;
    ran.add(basename(script));
    const locate = scriptLocator(script);
    for (const fn of functions) {
      const whole = fn.ranges[0];
      if (!whole || whole.count === 0) continue;
      // The first mapped position inside the function: its opening may be esbuild's wrapper.
      const source = locate(whole.startOffset, whole.endOffset);
      if (source) sources.add(source);
    }
  }
  if (ran.size === 0) throw new Error(`no coverage for ${SCRIPTS.join(' or ')}: was one run?`);
  return { scripts: ran, sources };
}

/** Maps an offset range of a CLI script to the first source file its text comes from. */
function scriptLocator(script: string): (start: number, end: number) => string | undefined {
  const text = readFileSync(script, 'utf8');
  const map = new SourceMap(JSON.parse(readFileSync(`${script}.map`, 'utf8')));
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const position = (offset: number): { line: number; column: number } => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, column: offset - lineStarts[low]! };
  };
  return (start, end) => {
    for (const offset of [start, Math.min(start + 40, end - 1)]) {
      const { line, column } = position(offset);
      const entry = map.findEntry(line, column) as { originalSource?: string };
      if (entry.originalSource) return fromRoot(entry.originalSource, script);
    }
    return undefined;
  };
}

/**
 * A source map's source (a file URL, or a path relative to dist/) as a path from the repository's
 * root: `src/cli/run.ts`, `node_modules/commander/lib/help.js`. Not by matching the first folder
 * named src/ or registry/ in the path, which a clone in `~/src/svc` or a worktree named `registry`
 * also has. Packages reached through a linked node_modules (outside the root) keep their
 * `node_modules/…` tail.
 */
function fromRoot(source: string, script: string): string {
  const absolute = source.startsWith('file:') ? fileURLToPath(source) : resolve(dirname(script), source);
  const path = relative(ROOT, absolute).split(sep).join('/');
  const packages = path.indexOf('/node_modules/');
  return path.startsWith('../') && packages !== -1 ? path.slice(packages + 1) : path;
}

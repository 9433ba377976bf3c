import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importedAreas } from '../../registry/imported/index.js';
import { BUILTIN_COMMANDS, HELP_TOPICS } from '../../src/openapi/import/names.js';
import { OWN_AREAS } from '../mcp/own-areas.js';

export const REPO = join(import.meta.dirname, '..', '..');

/** `npm run docs` into a temporary folder: returns where, and a function that removes it. */
export async function generateManual(): Promise<{ manualDir: string; manDir: string; remove(): void }> {
  const root = mkdtempSync(join(tmpdir(), 'svc-manual-'));
  const manualDir = join(root, 'manual');
  const manDir = join(root, 'man');
  await promisify(execFile)(process.execPath, [join(REPO, 'scripts', 'docs.mjs'), manualDir, manDir], { cwd: REPO, timeout: 60_000 });
  return { manualDir, manDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export const filesIn = (dir: string): string[] => readdirSync(dir).sort();
export const read = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');

/** Roff source as the text it stands for: `\-` is a hyphen, `\e` a backslash, `\&` and `\:` (a break point) nothing. */
export const unroff = (source: string): string =>
  source
    .replace(/\\:/g, '')
    .replace(/\\-/g, '-')
    .replace(/\\e/g, '\\')
    .replace(/\\&/g, '')
    .replace(/\\f[BRI]/g, '');

/** The same text as HTML shows it: entities decoded. */
export const unhtml = (source: string): string =>
  source
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

export const manAvailable: boolean = spawnSync('man', ['--version'], { stdio: 'ignore' }).status === 0;

/** Every name a page's command words can start with, longest first, and whether it is an imported area's. */
const FIRST_WORDS = [
  ...Object.keys(importedAreas).map((name) => ({ name, imported: true })),
  ...[...OWN_AREAS, ...BUILTIN_COMMANDS, ...HELP_TOPICS].map((name) => ({ name, imported: false })),
].sort((a, b) => b.name.length - a.name.length);

/**
 * The imported area a page of the manual or a man page (`svc-actions-list.html`, `svc-actions.1`)
 * belongs to, if any: the longest first word its name starts with, when that is an imported area.
 * (The import refuses two commands with one page name, so the longest match is the page's area.)
 */
export function importedAreaOf(page: string): string | undefined {
  const stem = page.replace(/\.(html|1|7)$/, '').replace(/^svc-/, '');
  const first = FIRST_WORDS.find(({ name }) => stem === name || stem.startsWith(`${name}-`));
  return first?.imported ? first.name : undefined;
}

/**
 * The pages a check that costs a process or a browser load per page walks: every page of svc's own,
 * and of each imported area its first and one in 20 (in name order, so the same ones each run). A
 * clone with a large API imported (GitHub's has 1,200 operations) would otherwise spend many minutes
 * on pages the importer wrote from one template, which the sample and the text checks of every
 * page cover.
 */
export function ownAndSampled(pages: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return pages.filter((page) => {
    const area = importedAreaOf(page);
    if (area === undefined) return true;
    const count = seen.get(area) ?? 0;
    seen.set(area, count + 1);
    return count % 20 === 0;
  });
}

/** Runs `task` over `items`, `limit` at a time, in order; the results in the order of `items`. */
export async function eachLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

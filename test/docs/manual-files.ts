import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

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

/** Roff source as the text it stands for: `\-` is a hyphen, `\e` a backslash, `\&` nothing. */
export const unroff = (source: string): string =>
  source
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

// `npm run docs`: the reference manual (dist/manual/) and man pages (dist/man/), generated from the
// registry and the command tree, the same model `svc --help` and `svc help reference` read, and the
// guides of docs/guide, the same text `svc help <topic>` prints.
// Usage: node scripts/docs.mjs [manual-dir man-dir]   (defaults: dist/manual dist/man)
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleManualWriter, repoRoot } from './build/bundle.mjs';

const [manualDir = join(repoRoot, 'dist/manual'), manDir = join(repoRoot, 'dist/man')] = process.argv.slice(2).map((dir) => resolve(dir));
// Bundled inside the repository so the writer resolves msw (external) from node_modules.
mkdirSync(join(repoRoot, 'dist'), { recursive: true });
const work = mkdtempSync(join(repoRoot, 'dist', '.docs-'));
try {
  const outfile = join(work, 'manual.mjs');
  await bundleManualWriter({ outfile });
  const { writeManual } = await import(pathToFileURL(outfile).href);
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  // The guides (docs/guide) are bundled into the writer, as into the CLI (scripts/build/guides.mjs).
  const { pages, manPages } = await writeManual({ manualDir, manDir, version });
  console.log(`svc docs: ${pages.length} files in ${manualDir}, ${manPages.length} man pages in ${manDir}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

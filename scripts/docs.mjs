// `npm run docs`: the reference manual (dist/manual/) and man pages (dist/man/), generated from the
// registry and the command tree, the same model `svc --help` and `svc help reference` read, and the
// guides of docs/guide, the same text `svc help <topic>` prints. Into dist/, it also makes
// package.json's `man` field list the pages, for `npm install -g` (scripts/build/man-field.mjs).
// Usage: node scripts/docs.mjs [manual-dir man-dir]   (defaults: dist/manual dist/man)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './build/bundle.mjs';
import { withManualWriter, writeManField } from './build/man-field.mjs';

const folders = process.argv.slice(2).map((dir) => resolve(dir));
const [manualDir = join(repoRoot, 'dist/manual'), manDir = join(repoRoot, 'dist/man')] = folders;
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
// The guides (docs/guide) are bundled into the writer, as into the CLI (scripts/build/guides.mjs).
const { pages, manPages } = await withManualWriter(({ writeManual }) => writeManual({ manualDir, manDir, version }));
console.log(`svc docs: ${pages.length} files in ${manualDir}, ${manPages.length} man pages in ${manDir}`);
if (folders.length === 0 && writeManField(manPages)) console.log(`svc docs: package.json's man field now lists the ${manPages.length} man pages`);

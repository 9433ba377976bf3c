import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importedAreas } from '../../../registry/imported/index.js';
import { builtins } from '../builtins.js';
import type { Context } from '../../core/context.js';
import { readFullReference } from './full-reference.js';
import { guidePages } from './guide-html.js';
import { guideManPage, guideManPageName } from './guide-roff.js';
import { readGuides } from './guides.js';
import { commandPage } from './html-command.js';
import { guidePage, indexPage } from './html-index.js';
import { STYLESHEET, commandPageName } from './html-page.js';
import type { ReferenceModel } from './model.js';
import { manPageName, renderManPages } from './roff.js';
import { rowsWithoutMeaning } from './schema-rows.js';

/** A context for reading the command tree: its commands are described, never run. */
const describeOnly = new Proxy({} as Context, {
  get: (_target, key) => {
    throw new Error(`the reference manual reads the command tree only; it asked the context for ${String(key)}`);
  },
});

/**
 * `npm run docs`: the HTML manual into `manualDir` (an index, one page per command and per guide),
 * and man pages into `manDir`: svc-<command>(1) for each command, svc-<topic>(7) for each guide.
 */
export async function writeManual(options: { manualDir: string; manDir: string; version: string }): Promise<{ pages: string[]; manPages: string[] }> {
  const model = await readFullReference(describeOnly, builtins);
  refuseMissingMeanings(model);
  refuseSharedPageNames(model);
  const guides = readGuides();
  const webGuides = guidePages(guides);
  const pages = new Map<string, string>([
    ['index.html', indexPage(model, webGuides)],
    ['style.css', STYLESHEET],
  ]);
  for (const doc of model.commands) pages.set(commandPageName(doc.words), commandPage(doc, model));
  for (const guide of webGuides) pages.set(guide.file, guidePage(guide, webGuides));
  const manPages = renderManPages(model, options.version, guides);
  for (const guide of guides) manPages.set(guideManPageName(guide), guideManPage(guide, guides, options.version));
  for (const [dir, files] of [
    [options.manualDir, pages],
    [options.manDir, manPages],
  ] as const) {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(dir, name), text);
  }
  return { pages: [...pages.keys()], manPages: [...manPages.keys()] };
}

/**
 * The names of the man pages `writeManual` writes, without writing them: package.json's `man` field
 * lists them, so that `npm install -g` links each (scripts/build/man-field.mjs keeps it so).
 */
export async function manPageNames(): Promise<string[]> {
  const model = await readFullReference(describeOnly, builtins);
  refuseSharedPageNames(model);
  return [...model.commands.map(manPageName), ...readGuides().map(guideManPageName)].sort();
}

/**
 * Two commands whose words join to one page name (`svc email drafts get` and an imported area's
 * `svc email-drafts get`) would write one page over the other: the build stops, naming both.
 */
export function refuseSharedPageNames(model: ReferenceModel): void {
  const first = new Map<string, string>();
  const shared: string[] = [];
  for (const doc of model.commands) {
    const page = commandPageName(doc.words);
    const other = first.get(page);
    if (other === undefined) first.set(page, doc.name);
    else shared.push(`${other} and ${doc.name} (${page})`);
  }
  if (shared.length > 0)
    throw new Error(
      `two commands would share a page of the manual; import the area under another name (npm run registry:import -- <file> --rename tag=name):\n  ${shared.join('\n  ')}`,
    );
}

/**
 * Every field row of svc's own pages, web and man, has a meaning: a field the registry leaves
 * without a description stops the build, naming the command and the field, instead of shipping an
 * empty cell. An imported area says what its API description says; where that is nothing, its
 * pages say so (schema-rows.ts, meaningOf), since the fix belongs to the description, not here.
 */
export function refuseMissingMeanings(model: ReferenceModel, imported: ReadonlySet<string> = new Set(Object.keys(importedAreas))): void {
  const missing = model.commands.flatMap((doc) => {
    const op = doc.operation;
    if (!op || imported.has(doc.words[0]!)) return [];
    const errors = Object.entries(op.errors)
      .filter(([, meaning]) => !meaning.trim())
      .map(([status]) => `Errors: ${status}`);
    return [
      ...rowsWithoutMeaning('Query parameters', op.query),
      ...rowsWithoutMeaning('Header parameters', op.headers ?? null),
      ...rowsWithoutMeaning('Request body', op.body),
      ...rowsWithoutMeaning('Response', op.response),
      ...errors,
    ].map((row) => `${doc.name}: ${row}`);
  });
  if (missing.length > 0)
    throw new Error(`the manual would show a field without a meaning; describe it in the registry (from the spec):\n  ${missing.join('\n  ')}`);
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtins } from '../builtins.js';
import type { Context } from '../context.js';
import { readFullReference } from './full-reference.js';
import { commandPage } from './html-command.js';
import { indexPage, topicPage } from './html-index.js';
import { STYLESHEET, commandPageName } from './html-page.js';
import { type Guide, guideTopics, readmeTopics } from './readme-topics.js';
import { renderManPages } from './roff.js';
import { rowsWithoutMeaning } from './schema-rows.js';
import type { ReferenceModel } from './model.js';

/** The index's prose, from the README; the topic pages are the guides. */
const INTRO = [{ file: 'install.html', title: 'Install and sign in', headings: ['Getting started'] }];

/** A context for reading the command tree: its commands are described, never run. */
const describeOnly = new Proxy({} as Context, {
  get: (_target, key) => {
    throw new Error(`the reference manual reads the command tree only; it asked the context for ${String(key)}`);
  },
});

/** `npm run docs`: the HTML manual into `manualDir` and one man page per command into `manDir`. */
export async function writeManual(options: { manualDir: string; manDir: string; readme: string; guides: Guide[]; version: string }): Promise<{ pages: string[]; manPages: string[] }> {
  const model = await readFullReference(describeOnly, builtins);
  refuseMissingMeanings(model);
  const intro = readmeTopics(options.readme, INTRO);
  const topics = guideTopics(options.guides);
  const pages = new Map<string, string>([['index.html', indexPage(model, intro, topics)], ['style.css', STYLESHEET]]);
  for (const doc of model.commands) pages.set(commandPageName(doc.words), commandPage(doc, model));
  for (const topic of topics) pages.set(topic.file, topicPage(topic));
  const manPages = renderManPages(model, options.version);
  for (const [dir, files] of [[options.manualDir, pages], [options.manDir, manPages]] as const) {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(dir, name), text);
  }
  return { pages: [...pages.keys()], manPages: [...manPages.keys()] };
}

/**
 * Every field row of every page, web and man, has a meaning: a field the registry leaves without a
 * description stops the build, naming the command and the field, instead of shipping an empty cell.
 */
export function refuseMissingMeanings(model: ReferenceModel): void {
  const missing = model.commands.flatMap((doc) => {
    const op = doc.operation;
    if (!op) return [];
    const errors = Object.entries(op.errors).filter(([, meaning]) => !meaning.trim()).map(([status]) => `Errors: ${status}`);
    return [...rowsWithoutMeaning('Query parameters', op.query), ...rowsWithoutMeaning('Request body', op.body), ...rowsWithoutMeaning('Response', op.response), ...errors].map((row) => `${doc.name}: ${row}`);
  });
  if (missing.length > 0) throw new Error(`the manual would show a field without a meaning; describe it in the registry (from the spec):\n  ${missing.join('\n  ')}`);
}

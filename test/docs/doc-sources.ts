// The texts users read, as the docs tests see them: the README, the guides and other pages of
// docs/, and the help text and examples of the sources (registry/, src/, bin/).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..');

/** Files under `dir` (relative to the repository) whose names end in one of `extensions`, sorted. */
export function filesUnder(dir: string, extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (extensions.some((ext) => entry.name.endsWith(ext))) found.push(relative(REPO, path));
    }
  };
  walk(join(REPO, dir));
  return found.sort();
}

export const readRepoFile = (path: string): string => readFileSync(join(REPO, path), 'utf8');

/** docs/guide/*.md, by topic name. */
export const guideFiles = (): string[] => filesUnder('docs/guide', ['.md']);

/** The Markdown users read: README.md and every page under docs/ except the API specification. */
export const userMarkdown = (): string[] => ['README.md', ...filesUnder('docs', ['.md']).filter((path) => !path.startsWith('docs/spec/'))];

/** Sources whose strings are help text, examples and messages. */
export const sourceFiles = (): string[] => [...filesUnder('registry', ['.ts']), ...filesUnder('src', ['.ts']), ...filesUnder('bin', ['.cjs', 'svc'])];

export interface CodeBlock {
  /** The fence's language word (`sh`, `console`, `text`, …), '' when none. */
  lang: string;
  /** 1-based line number of the first line inside the fence. */
  line: number;
  lines: string[];
}

/** The fenced code blocks of a Markdown text. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: CodeBlock | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fence = /^\s*(```|~~~)\s*([\w-]*)/.exec(text);
    if (fence && !open) open = { lang: fence[2] ?? '', line: index + 2, lines: [] };
    else if (fence && open) {
      blocks.push(open);
      open = undefined;
    } else if (open) open.lines.push(text);
  });
  return blocks;
}

/** The inline code spans (`…`) of a Markdown text outside fenced blocks, with their line numbers. */
export function inlineCode(markdown: string): { line: number; text: string }[] {
  const spans: { line: number; text: string }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    else if (!fenced) for (const match of text.matchAll(/(`+)(.+?)\1/g)) spans.push({ line: index + 1, text: match[2]! });
  });
  return spans;
}

/** The prose of a Markdown text: everything outside fenced blocks, with line numbers. */
export function proseLines(markdown: string): { line: number; text: string }[] {
  let fenced = false;
  return markdown.split('\n').flatMap((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text }];
  });
}

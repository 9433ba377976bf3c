import { Marked } from 'marked';
import type { Topic } from './html-index.js';

/**
 * The manual's prose is the README's (nothing is written twice): each topic is the README section
 * whose heading starts with `heading`, rendered to HTML. Links that only make sense inside the
 * repository (relative files, README anchors) become plain text, so every link of the manual resolves.
 */
const marked = new Marked({
  renderer: {
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return /^https?:\/\//.test(href) ? `<a href="${href.replace(/"/g, '&quot;')}">${text}</a>` : text;
    },
    html({ text }) {
      return text.replace(/</g, '&lt;');
    },
  },
});

export interface TopicSource {
  file: string;
  title: string;
  /** README headings (without the #s) whose sections make up the topic, found by prefix. */
  headings: string[];
  optional?: boolean;
}

export function readmeTopics(readme: string, sources: TopicSource[]): Topic[] {
  return sources.flatMap((source) => {
    const sections = source.headings.map((heading) => readmeSection(readme, heading));
    if (sections.some((s) => s === undefined)) {
      if (source.optional) return [];
      throw new Error(`README.md has no section headed "${source.headings[sections.indexOf(undefined)]}…" for the manual's ${source.file}`);
    }
    const html = sections.map((markdown) => marked.parse(markdown!, { async: false })).join('\n');
    return [{ file: source.file, title: source.title, html }];
  });
}

/** The section under the first heading that starts with `heading`, up to the next heading of its level or above. */
export function readmeSection(readme: string, heading: string): string | undefined {
  const lines = readme.split('\n');
  let fenced = false;
  const headingAt = (line: string) => (fenced ? undefined : /^(#{1,6}) (.*)$/.exec(line));
  let start = -1;
  let level = 0;
  for (let i = 0; i < lines.length; i++) {
    if (/^(```|~~~)/.test(lines[i]!)) fenced = !fenced;
    const match = headingAt(lines[i]!);
    if (!match) continue;
    if (start < 0 && match[2]!.startsWith(heading)) {
      start = i;
      level = match[1]!.length;
    } else if (start >= 0 && match[1]!.length <= level) {
      return lines.slice(start, i).join('\n').replace(/^#+ /, `${'#'.repeat(2)} `);
    }
  }
  return start >= 0 ? lines.slice(start).join('\n').replace(/^#+ /, '## ') : undefined;
}

import { Marked } from 'marked';
import type { Topic } from './html-index.js';

/**
 * The manual's prose is written once: the guides (docs/guide/*.md) are its topic pages, and its
 * getting-started section is the README's. Each is rendered to HTML. Links that only make sense inside the
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

/** A guide as the manual shows it: `# Title` on its first line, the rest its page. */
export interface Guide {
  /** The file name without `.md`: the topic's name in `svc help <topic>` and its page's name. */
  name: string;
  markdown: string;
}

export function guideTopics(guides: Guide[]): Topic[] {
  return guides.map(({ name, markdown }) => {
    const title = /^# (.+)\n/.exec(markdown)?.[1];
    if (!title) throw new Error(`docs/guide/${name}.md does not start with a "# Title" line`);
    const body = markdown.slice(markdown.indexOf('\n') + 1);
    return { file: `${name}.html`, title, html: marked.parse(body, { async: false }) };
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

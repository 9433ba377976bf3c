declare const __SVC_GUIDES__: { name: string; markdown: string }[] | undefined;

/** One guide of docs/guide: `svc help <name>`, man svc-<name>(7), <name>.html in the web manual. */
export interface Guide {
  name: string;
  title: string;
  /** The first paragraph: one sentence, shown by `svc help topics`. */
  summary: string;
  /** The text after the summary, as Markdown. */
  body: string;
}

/** Inline Markdown as plain words: code spans, emphasis and links keep only their text. */
export const plainInline = (text: string): string =>
  text
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** A guide's parts from its text: `# Title`, a blank line, the summary paragraph, then the body. */
export function parseGuide(name: string, markdown: string): Guide {
  const [, title = name, rest = ''] = /^# (.*)\n+([\s\S]*)$/.exec(markdown) ?? [];
  const end = rest.search(/\n\s*\n/);
  const summary = end < 0 ? rest : rest.slice(0, end);
  return { name, title: plainInline(title), summary: plainInline(summary), body: end < 0 ? '' : rest.slice(end).trim() };
}

/** Every guide, by name: the texts bundled at build time. */
export function readGuides(): Guide[] {
  const sources = typeof __SVC_GUIDES__ === 'undefined' ? [] : __SVC_GUIDES__;
  return sources.map((source) => parseGuide(source.name, source.markdown));
}

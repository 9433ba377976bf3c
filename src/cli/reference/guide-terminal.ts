import { type Block, guideBlocks } from './guide-blocks.js';
import { groupGuides } from './guide-groups.js';
import type { Guide } from './guides.js';

/** Words filled into lines of at most `width` columns after `indent`; the first line may start differently. */
function fill(text: string, width: number, indent: string, first = indent): string {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(' ').filter(Boolean)) {
    if (line.trim() && line.length + 1 + word.length > width) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += line.trim() ? ` ${word}` : word;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

/** A table side by side when it fits the width; otherwise each row stacked, its other cells under the first. */
function table(block: Extract<Block, { kind: 'table' }>, width: number): string {
  const rows = [block.header, ...block.rows];
  const widths = block.header.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  if (widths.reduce((sum, w) => sum + w + 2, 2) <= width) {
    const line = (row: string[]) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd();
    return [line(block.header), line(widths.map((w) => '-'.repeat(w))), ...block.rows.map(line)].join('\n');
  }
  return block.rows
    .map((row) =>
      [
        fill(row[0] ?? '', width, '  '),
        ...row.slice(1).map((cell, i) => fill(block.header.length > 2 ? `${block.header[i + 1]}: ${cell}` : cell, width, '      ')),
      ].join('\n'),
    )
    .join('\n\n');
}

function render(block: Block, width: number): string {
  switch (block.kind) {
    case 'heading':
      return block.depth <= 2 ? block.text.toUpperCase() : block.text;
    case 'paragraph':
      return fill(block.text, width, '  ');
    case 'list':
      return block.items
        .map((item, i) => (block.ordered ? fill(item, width, '      ', `  ${`${i + 1}.`.padStart(3)}`) : fill(item, width, '    ', '  -')))
        .join('\n');
    case 'code':
      // Kept as written, to copy: never wrapped.
      return block.text.replace(/^/gm, '    ');
    case 'table':
      return table(block, width);
  }
}

/**
 * `svc help <topic>`: the guide as plain text for a terminal or a pager, as `gh help environment`
 * prints its topics. Prose is filled to the width; code is kept as written, to copy.
 */
export function guideAsText(guide: Guide, columns: number): string {
  const width = Math.max(40, Math.min(columns, 100));
  const blocks = guideBlocks(guide.body, (topic) => `svc help ${topic}`);
  const parts = [guide.title.toUpperCase(), fill(guide.summary, width, '  '), ...blocks.map((block) => render(block, width))];
  return `${parts.join('\n\n')}\n`;
}

/** `svc help topics`: every guide, its name and summary, grouped by what the reader is doing. */
export function topicList(guides: readonly Guide[], columns: number): string {
  const width = Math.max(40, Math.min(columns, 100));
  const nameWidth = Math.max(...guides.map((guide) => guide.name.length)) + 2;
  const row = (guide: Guide) => {
    const start = `  ${guide.name.padEnd(nameWidth)}`;
    return width - start.length >= 30
      ? fill(guide.summary, width, ' '.repeat(start.length + 1), start)
      : `  ${guide.name}\n${fill(guide.summary, width, '      ')}`;
  };
  const groups = groupGuides(guides, (guide) => guide.name).map((group) => `${group.title}:\n${group.guides.map(row).join('\n')}`);
  return `Help topics (svc help <topic>):\n\n${groups.join('\n\n')}\n\nCommands: svc --help, or svc help <command words>.\n`;
}

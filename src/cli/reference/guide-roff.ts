import { type Block, guideBlocks } from './guide-blocks.js';
import type { Guide } from './guides.js';
import { NAME_LINE, definitionList, escapeRoff as escape, manHeader, verbatim } from './roff.js';

/** A guide's man page name: `svc-batch.7` (section 7: overviews and conventions). */
export const guideManPageName = (guide: Pick<Guide, 'name'>): string => `svc-${guide.name}.7`;

function render(block: Block): string[] {
  switch (block.kind) {
    case 'heading':
      return [block.depth <= 2 ? `.SS "${escape(block.text).replace(/"/g, "'")}"` : `.PP\n\\fB${escape(block.text)}\\fR`];
    case 'paragraph':
      return ['.PP', escape(block.text)];
    case 'list':
      return block.items.flatMap((item, i) => [block.ordered ? `.IP ${i + 1}. 4` : '.IP \\(bu 2', escape(item)]);
    case 'code':
      return verbatim(block.text);
    case 'table':
      // A table as terms and meanings: roff's own tables cannot wrap a cell to 80 columns.
      return [
        '.PP',
        ...definitionList(
          block.rows.map((row) => ({
            term: row[0] ?? '',
            description: row
              .slice(1)
              .map((cell, i) => (block.header.length > 2 ? `${block.header[i + 1]}: ${cell}` : cell))
              .join('; '),
          })),
        ),
      ];
  }
}

/** svc-<topic>(7): the guide as a man page, found by `man -k svc` through its NAME line. */
export function guideManPage(guide: Guide, guides: readonly Guide[], version: string): string {
  const blocks = guideBlocks(guide.body, (topic) => `svc-${topic}(7)`);
  const others = guides.filter((other) => other.name !== guide.name).map((other) => `\\fB${escape(`svc-${other.name}`)}\\fR(7)`);
  const lines = [
    ...manHeader(`svc-${guide.name}`, 7, version),
    '.SH NAME',
    // A NAME line is a few words (man -k lists it): the guide's title; its summary opens DESCRIPTION.
    `${escape(`svc-${guide.name}`, NAME_LINE)} \\- ${escape(guide.title, NAME_LINE)}`,
    '.SH DESCRIPTION',
    escape(guide.summary),
    ...blocks.flatMap(render),
    '.SH "SEE ALSO"',
    ['\\fBsvc\\fR(1)', ...others].join(', '),
  ];
  return `${lines.join('\n')}\n`;
}

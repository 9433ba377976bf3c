import { Lexer, type Token, type Tokens } from 'marked';

/**
 * A guide's body as the few kinds of block a terminal and a man page can show: headings,
 * paragraphs, lists, code kept as written, and tables. Inline text is plain: code spans and
 * emphasis keep their words, a link to another guide says how to read it (`svc help networks`),
 * a web link shows its address.
 */
export type Block =
  | { kind: 'heading'; depth: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] };

/** How a link to another guide reads where it is shown: `svc help networks`, `svc-networks(7)`. */
export type GuideReference = (topic: string) => string;

export function guideBlocks(markdown: string, guideRef: GuideReference): Block[] {
  const text = (tokens: Token[] | undefined, raw: string) => (tokens ? inline(tokens, guideRef) : raw).replace(/\s+/g, ' ').trim();
  return new Lexer().lex(markdown).flatMap((token): Block[] => {
    switch (token.type) {
      case 'heading':
        return [{ kind: 'heading', depth: (token as Tokens.Heading).depth, text: text(token.tokens, token.text as string) }];
      case 'paragraph':
      case 'text':
      case 'html': {
        const words = text('tokens' in token ? token.tokens : undefined, token.text as string);
        return words ? [{ kind: 'paragraph', text: words }] : [];
      }
      case 'blockquote':
        return guideBlocks((token as Tokens.Blockquote).text, guideRef);
      case 'code':
        return [{ kind: 'code', text: (token as Tokens.Code).text }];
      case 'list': {
        const list = token as Tokens.List;
        return [
          {
            kind: 'list',
            ordered: list.ordered,
            items: list.items.map((item) =>
              text(
                item.tokens.flatMap((t) => ('tokens' in t && t.tokens ? t.tokens : [t])),
                item.text,
              ),
            ),
          },
        ];
      }
      case 'table': {
        const table = token as Tokens.Table;
        return [
          {
            kind: 'table',
            header: table.header.map((cell) => text(cell.tokens, cell.text)),
            rows: table.rows.map((row) => row.map((cell) => text(cell.tokens, cell.text))),
          },
        ];
      }
      default:
        return [];
    }
  });
}

function inline(tokens: Token[], guideRef: GuideReference): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'link': {
          const { href, tokens: inner } = token as Tokens.Link;
          const label = inline(inner, guideRef);
          const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#.*)?$/.exec(href);
          if (guide) return `${label} (${guideRef(guide[1]!)})`;
          return /^https?:\/\//.test(href) && href !== label ? `${label} (${href})` : label;
        }
        case 'codespan':
          return unescapeHtml((token as Tokens.Codespan).text);
        case 'br':
          return ' ';
        case 'escape':
          return (token as Tokens.Escape).text;
        default:
          return 'tokens' in token && token.tokens ? inline(token.tokens, guideRef) : unescapeHtml(String((token as { text?: string }).text ?? token.raw));
      }
    })
    .join('');
}

/** marked hands some text over with entities (`&amp;`, `&#NN;`); a terminal and roff want the characters. */
const unescapeHtml = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!);

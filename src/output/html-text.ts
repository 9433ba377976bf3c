import { decodeEntities } from './html-entities.js';

// Readable text from an e-mail's HTML, for the terminal: tags go, entities are decoded, paragraphs
// and line breaks stay, list items get bullets and links show where they point.

/** Elements whose content starts on a line of its own. */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** Block elements set apart from their neighbours by a blank line. */
const PARAGRAPH = new Set(['blockquote', 'dl', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'ol', 'p', 'pre', 'table', 'ul']);
/** Elements whose content is never shown. */
const HIDDEN = new Set(['head', 'noscript', 'script', 'style', 'template', 'title']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)\]\]>|<[!?][^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;

interface List {
  ordered: boolean;
  count: number;
}

interface State {
  out: string;
  /** Newlines wanted before the next text: 1 starts a line, 2 leaves a blank line. */
  pendingBreaks: number;
  /** Printed before the next text (a list bullet). */
  prefix: string;
  pre: number;
  lists: List[];
  links: { href: string; at: number }[];
  cellsInRow: number;
}

/** Readable text of an HTML document or fragment. */
export function htmlToText(html: string): string {
  const state: State = { out: '', pendingBreaks: 0, prefix: '', pre: 0, lists: [], links: [], cellsInRow: 0 };
  let hiddenUntil: string | undefined;
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (hiddenUntil === undefined) writeText(state, html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, cdata, closing, rawName, attributes] = match;
    const name = rawName?.toLowerCase();
    if (hiddenUntil !== undefined) {
      if (closing && name === hiddenUntil) hiddenUntil = undefined;
    } else if (cdata !== undefined) writeText(state, cdata);
    else if (name && HIDDEN.has(name) && !closing && !/\/\s*$/.test(attributes ?? '')) hiddenUntil = name;
    else if (name && closing) closeTag(state, name);
    else if (name) openTag(state, name, attributes ?? '');
  }
  if (hiddenUntil === undefined) writeText(state, html.slice(last));
  return finish(state.out);
}

function openTag(state: State, name: string, attributes: string): void {
  if (name === 'br') return void (state.out += '\n');
  if (name === 'hr') {
    breakLine(state, 2);
    emit(state, '———');
    return breakLine(state, 2);
  }
  if (name === 'img') {
    const alt = attribute(attributes, 'alt');
    if (alt) writeText(state, `[${alt}]`);
    return;
  }
  if (name === 'a') state.links.push({ href: attribute(attributes, 'href') ?? '', at: state.out.length });
  if (name === 'pre') state.pre++;
  if (name === 'ul' || name === 'ol') state.lists.push({ ordered: name === 'ol', count: 0 });
  if (name === 'tr') state.cellsInRow = 0;
  if ((name === 'td' || name === 'th') && state.cellsInRow++ > 0) return void (state.prefix = '  ');
  if (name === 'td' || name === 'th') return;
  if (BLOCK.has(name)) breakLine(state, PARAGRAPH.has(name) && state.lists.length === 0 ? 2 : 1);
  if (name === 'li') state.prefix = bullet(state.lists);
}

function closeTag(state: State, name: string): void {
  if (name === 'a') return closeLink(state);
  if (name === 'pre') state.pre = Math.max(0, state.pre - 1);
  if (name === 'ul' || name === 'ol') state.lists.pop();
  if (name === 'td' || name === 'th') return;
  if (BLOCK.has(name)) breakLine(state, PARAGRAPH.has(name) && state.lists.length === 0 ? 2 : 1);
}

/** After a link's text, where it points, unless the text says it already. */
function closeLink(state: State): void {
  const link = state.links.pop();
  if (!link || link.href === '' || link.href.startsWith('#')) return;
  const href = decodeEntities(link.href);
  const text = state.out.slice(link.at).trim();
  if (text === href || `mailto:${text}` === href || `tel:${text}` === href) return;
  emit(state, text === '' ? href : ` (${href})`);
}

function bullet(lists: List[]): string {
  const list = lists.at(-1);
  const indent = '  '.repeat(Math.max(0, lists.length - 1));
  if (!list) return '• ';
  list.count++;
  return `${indent}${list.ordered ? `${list.count}.` : '•'} `;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

function breakLine(state: State, breaks: number): void {
  state.pendingBreaks = Math.max(state.pendingBreaks, breaks);
}

/** Text between tags: white space collapses to one space, except inside `<pre>`. */
function writeText(state: State, raw: string): void {
  if (raw === '') return;
  if (state.pre > 0) return emit(state, decodeEntities(raw));
  let text = raw.replace(/[ \t\n\r\f]+/g, ' ');
  const atLineStart = state.out === '' || state.out.endsWith('\n') || state.pendingBreaks > 0;
  if (atLineStart || state.out.endsWith(' ')) text = text.replace(/^ /, '');
  if (text !== '') emit(state, decodeEntities(text));
}

function emit(state: State, text: string): void {
  if (state.pendingBreaks > 0 && state.out !== '') {
    state.out = state.out.replace(/[ \t]+$/, '');
    const have = /\n*$/.exec(state.out)![0].length;
    state.out += '\n'.repeat(Math.max(0, state.pendingBreaks - have));
  }
  state.pendingBreaks = 0;
  if (state.prefix !== '') {
    if (state.out !== '' && !state.out.endsWith('\n') && !state.prefix.startsWith(' ')) state.out += '\n';
    text = state.prefix + text.replace(/^ /, '');
    state.prefix = '';
  }
  state.out += text;
}

/** Trailing spaces off each line, at most one blank line in a row, nothing around the whole. */
function finish(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

import { compile, tokenize } from '@jmespath-community/jmespath';

// Where a `--query` goes wrong, found fast: the library says what is wrong but not where. Growing
// the expression a token at a time costs time quadratic in its length (tens of seconds for a
// 16 KiB expression with a mistake at its end); these searches halve it instead.

// Backquoted bare words (`open` for "open") are accepted, as the AWS CLI accepts them.
export const QUERY_OPTIONS = { enable_legacy_literals: true };

/** The longest `--query` svc takes, and how deep its brackets may nest (README, Limits). */
export const MAX_QUERY_LENGTH = 16 * 1024;
export const MAX_QUERY_NESTING = 128;
/** How deep the syntax tree may be: each `.`, `|`, `||`, `&&` or operator in a chain is a level. */
export const MAX_QUERY_DEPTH = 1000;

const TOO_DEEP = `it chains more than ${MAX_QUERY_DEPTH} fields, pipes or operators; at most ${MAX_QUERY_DEPTH} are accepted`;

/** A syntax tree deeper than MAX_QUERY_DEPTH (measured with a loop: the tree may be deep). */
export function checkTreeDepth(root: unknown): string | undefined {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > MAX_QUERY_DEPTH) return TOO_DEEP;
    const record = node as Record<string, unknown>;
    if (record.type === 'Literal') continue;
    const grows = !Array.isArray(node);
    for (const child of Object.values(record)) pending.push([child, grows ? depth + 1 : depth]);
  }
  return undefined;
}

/**
 * A `name=value` outside `let` (`[?status='open']`, `status=open`): this JMESPath reads a single
 * `=` as binding a name, whose value (an object) is always true, so a filter would keep every item
 * and a query would print `{"status": …}`. Refused, saying how JMESPath compares. A loop, as above.
 */
export function checkLoneBindings(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'Literal') continue;
    if (record.type === 'Binding')
      return `a single = after ${String(record.variable)} binds a name instead of comparing (a filter would keep every item); JMESPath compares with ==`;
    // A let expression's own bindings are what `=` is for: only what they bind to is looked into.
    if (record.type === 'LetExpression' && Array.isArray(record.bindings)) {
      pending.push(record.expression, ...record.bindings.map((binding) => (binding as { reference?: unknown }).reference));
      continue;
    }
    pending.push(...Object.values(record));
  }
  return undefined;
}

interface QuoteScan {
  /** Offsets where a cut leaves no quoted text open. */
  cuts: number[];
  /** The opening quote of a literal or name never closed, if any. */
  unterminated?: { at: number; quote: string };
  deepest: number;
}

/** One pass over the expression: quotes (`'raw'`, `` `json` ``, `"name"`, with backslash escapes) and bracket depth. */
export function scanQuotes(expression: string): QuoteScan {
  const cuts: number[] = [0];
  let open: { at: number; quote: string } | undefined;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (open) {
      if (c === '\\') i++;
      else if (c === open.quote) open = undefined;
    } else if (c === "'" || c === '`' || c === '"') open = { at: i, quote: c };
    else if (c === '(' || c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (!open) cuts.push(i + 1);
  }
  return { cuts, unterminated: open, deepest };
}

const LITERAL_NAMES: Record<string, string> = { "'": 'string literal', '`': 'JSON literal', '"': 'quoted name' };

/** A problem found before the library's parser runs: length, nesting, a quote never closed. */
export function checkShape(expression: string): string | undefined {
  // Characters as the user counts them: code points, not UTF-16 units (an emoji is one).
  const length = codePoints(expression);
  if (length > MAX_QUERY_LENGTH) return `the expression is ${length} characters long; at most ${MAX_QUERY_LENGTH} are accepted`;
  const scan = scanQuotes(expression);
  if (scan.unterminated) return `unterminated ${LITERAL_NAMES[scan.unterminated.quote]} starting at column ${columnAt(expression, scan.unterminated.at)}`;
  if (scan.deepest > MAX_QUERY_NESTING) return `brackets nest ${scan.deepest} levels deep; at most ${MAX_QUERY_NESTING} are accepted`;
  return undefined;
}

/** Says what the parser refused, and at which column. */
export function describeSyntaxError(expression: string, error: Error): string {
  if (error instanceof RangeError) return TOO_DEEP;
  if (error.name === 'LexerError') {
    const at = lexableLength(expression);
    const code = expression.codePointAt(at);
    const char = code === undefined ? '' : String.fromCodePoint(code);
    if ('`"\''.includes(char)) return `malformed ${LITERAL_NAMES[char]} at column ${columnAt(expression, at)}`;
    return `unexpected character ${quoteText(char)} at column ${columnAt(expression, at)}`;
  }
  const starts = tokenize(expression, QUERY_OPTIONS).map((token) => token.start);
  const ends = starts.map((_, i) => starts[i + 1] ?? expression.length);
  // A prefix with a mistake other than ending early keeps it in every longer prefix: binary search.
  const first = firstIndex(ends.length, (i) => hasMistake(expression.slice(0, ends[i])));
  if (first < ends.length)
    return `unexpected ${quoteText(expression.slice(starts[first], ends[first]).trim())} at column ${columnAt(expression, starts[first]!)}`;
  return `the expression ends too early (after column ${codePoints(expression.trimEnd())})`;
}

function hasMistake(prefix: string): boolean {
  try {
    compile(prefix, QUERY_OPTIONS);
    return false;
  } catch (error) {
    return !/\bEOF\b/.test((error as Error).message);
  }
}

/** Length of the longest prefix, cut outside quotes, that the lexer reads: the fault is just after it. */
function lexableLength(expression: string): number {
  const { cuts } = scanQuotes(expression);
  const lexes = (i: number): boolean => {
    try {
      tokenize(expression.slice(0, cuts[i]), QUERY_OPTIONS);
      return true;
    } catch {
      return false;
    }
  };
  const firstFailing = firstIndex(cuts.length, (i) => !lexes(i));
  const at = cuts[Math.max(0, firstFailing - 1)]!;
  // The failing cut ends in the faulty character or literal: point at where that starts.
  return at;
}

/** The first index in [0, count) where `test` holds, for a test that stays true once true; count if none. */
function firstIndex(count: number, test: (i: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The text in quotes, cut after 57 characters (never inside one) when longer than 60. */
export const quoteText = (text: string): string => {
  if (text.length <= 60 || codePoints(text) <= 60) return JSON.stringify(text);
  return JSON.stringify(`${Array.from(text.slice(0, 114)).slice(0, 57).join('')}...`);
};

/** How many characters (code points) a text holds: a surrogate pair is one. */
export const codePoints = (text: string): number => text.length - (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);

/** The column, counted in characters from 1, of the UTF-16 index `at`. */
export const columnAt = (text: string, at: number): number => codePoints(text.slice(0, at)) + 1;

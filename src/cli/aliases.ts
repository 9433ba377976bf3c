import { usageError } from '../errors.js';

/**
 * Aliases (`svc alias set dg 'email drafts get'`), expanded before argv is parsed, so help,
 * completion and every flag work through them as through the words they stand for (gh's
 * `ExpandAlias`). `$1`, `$2`… take the arguments after the alias in order; the rest follow the
 * expansion. An alias never runs a shell, and never stands for another alias.
 */
export interface AliasExpansion {
  argv: string[];
  /** The alias word that was expanded, for messages. */
  alias: string;
}

/**
 * argv with the alias at `index` replaced by its expansion; a `$N` with no argument to take is
 * refused (exit 2), naming the alias.
 */
export function expandAlias(argv: readonly string[], index: number, words: readonly string[]): AliasExpansion {
  const alias = argv[index]!;
  const rest = argv.slice(index + 1);
  const used = new Set<number>();
  const expanded = words.map((word) =>
    word.replace(/\$(\d+)/g, (_match, digits: string) => {
      const n = Number(digits);
      if (n < 1 || n > rest.length)
        throw usageError(
          `alias "${alias}" needs argument $${n}, and ${rest.length === 0 ? 'none was' : `only ${rest.length} ${rest.length === 1 ? 'was' : 'were'}`} given`,
        );
      used.add(n - 1);
      return rest[n - 1]!;
    }),
  );
  return { alias, argv: [...argv.slice(0, index), ...expanded, ...rest.filter((_, i) => !used.has(i))] };
}

/** What makes a name unusable as an alias, or undefined: a word svc already has, a flag, odd characters. */
export function aliasNameProblem(name: string, builtIn: (word: string) => boolean): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) return `alias names are letters, digits, - and _ (up to 64), starting with a letter or digit: "${name}"`;
  if (builtIn(name)) return `"${name}" is a command of svc's own; an alias never shadows one`;
  return undefined;
}

/**
 * The words of an expansion, split as a shell splits them: white space separates, '…' and "…"
 * quote, a backslash escapes the next character (outside single quotes). Nothing is expanded:
 * no variables, globs or commands. An unclosed quote is refused; a leading `!` (gh's shell alias) too.
 */
export function splitAliasWords(text: string): string[] {
  if (text.trimStart().startsWith('!')) throw usageError('an alias expands to svc words only; shell aliases (starting with !) are not supported');
  // A control character is never part of an svc command line, and would reach the terminal from `svc alias list`.
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.exec(text);
  if (control)
    throw usageError(
      `the expansion holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${control.index + 1}); an alias is svc words`,
    );
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === "'" ? char === "'" : quote === '"' ? char === '"' : false) quote = undefined;
    else if (quote !== "'" && char === '\\' && i + 1 < text.length) word = (word ?? '') + text[++i];
    else if (quote) word = (word ?? '') + char;
    else if (char === "'" || char === '"') [quote, word] = [char, word ?? ''];
    else if (/\s/.test(char)) word = word === undefined ? undefined : (words.push(word), undefined);
    else word = (word ?? '') + char;
  }
  if (quote) throw usageError(`the expansion has an unclosed ${quote === "'" ? 'single' : 'double'} quote: ${text}`);
  if (word !== undefined) words.push(word);
  if (words.length === 0) throw usageError('an alias needs the svc words it stands for, such as "email drafts get"');
  return words;
}

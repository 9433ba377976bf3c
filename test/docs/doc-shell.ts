// The little of a POSIX shell the docs' example lines use, read into words so svc can run them
// in-process: quotes, `$VAR` and `${VAR}`, a pipe from `cat <file>` or `printf`, `> file`,
// `a || b`, `a && b` and `source <(svc …)`. Anything else is refused by name, so an example the
// runner cannot read fails rather than passing unrun.

export interface SimpleCommand {
  words: string[];
  /** `> file`: standard output goes there. */
  stdoutTo?: string;
}

/** `a | b | c`. */
export type Pipeline = SimpleCommand[];

/** Pipelines joined by `&&` (each runs if the one before succeeded) and `||` (a fallback, run only on failure). */
export interface CommandList {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

type Token = { word: string } | { op: '|' | '||' | '&&' | '>' };

const isNameChar = (char: string | undefined): boolean => char !== undefined && /\w/.test(char);

/** Words and operators of a line, quotes removed and variables expanded from `env`. */
export function tokenize(line: string, env: Readonly<Record<string, string | undefined>>): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const push = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  const expand = (at: number): { text: string; next: number } => {
    if (line[at + 1] === '{') {
      const end = line.indexOf('}', at);
      return { text: env[line.slice(at + 2, end)] ?? '', next: end + 1 };
    }
    let end = at + 1;
    while (isNameChar(line[end])) end++;
    if (end === at + 1) return { text: '$', next: at + 1 };
    return { text: env[line.slice(at + 1, end)] ?? '', next: end };
  };
  for (let i = 0; i < line.length;) {
    const char = line[i]!;
    if (/\s/.test(char)) {
      push();
      i++;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (char === '"') {
      let text = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '')) {
          text += line[i + 1];
          i += 2;
        } else if (line[i] === '$') {
          const { text: value, next } = expand(i);
          text += value;
          i = next;
        } else text += line[i++];
      }
      if (line[i] !== '"') throw new Error(`unclosed " in: ${line}`);
      word = (word ?? '') + text;
      i++;
    } else if (char === '$' && line[i + 1] === '(') {
      throw new Error(`command substitution is not run in-process: ${line}`);
    } else if (char === '$') {
      const { text, next } = expand(i);
      word = (word ?? '') + text;
      i = next;
    } else if (char === '|' || char === '&' || char === '>') {
      push();
      const two = line.slice(i, i + 2);
      if (two === '||' || two === '&&') {
        tokens.push({ op: two });
        i += 2;
      } else if (char === '&') throw new Error(`a background job is not an example to run: ${line}`);
      else {
        tokens.push({ op: char as '|' | '>' });
        i++;
      }
    } else if (char === ';' || char === '<' || char === '`') throw new Error(`"${char}" is not read by the example runner: ${line}`);
    else if (char === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i += 2;
    } else {
      word = (word ?? '') + char;
      i++;
    }
  }
  push();
  return tokens;
}

/** A line as pipelines of commands; `source <(svc …)` is the inner command, whose output a shell would read. */
export function parseLine(line: string, env: Readonly<Record<string, string | undefined>>): CommandList {
  const sourced = /^(?:source|\.)\s+<\((.*)\)$/.exec(line.trim());
  if (sourced) return parseLine(sourced[1]!, env);
  const pipelines: { op: '&&' | '||' | undefined; pipeline: Pipeline }[] = [{ op: undefined, pipeline: [{ words: [] }] }];
  const tokens = tokenize(line, env);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const pipeline = pipelines.at(-1)!.pipeline;
    const command = pipeline.at(-1)!;
    if ('word' in token) command.words.push(token.word);
    else if (token.op === '>') {
      const target = tokens[++i];
      if (!target || !('word' in target)) throw new Error(`> without a file: ${line}`);
      command.stdoutTo = target.word;
    } else if (token.op === '|') pipeline.push({ words: [] });
    else pipelines.push({ op: token.op, pipeline: [{ words: [] }] });
  }
  for (const { pipeline } of pipelines) if (pipeline.some((command) => command.words.length === 0)) throw new Error(`an empty command in: ${line}`);
  const [first, ...rest] = pipelines;
  return { first: first!.pipeline, rest: rest.map(({ op, pipeline }) => ({ op: op!, pipeline })) };
}

/** `printf FORMAT ARGS…` for the formats the docs use: `%s` and the escapes `\n` and `\t`. */
export function printf(args: readonly string[]): string {
  const [format = '', ...values] = args;
  let next = 0;
  return format.replace(/%s|\\n|\\t|%%/g, (part) => (part === '%s' ? (values[next++] ?? '') : part === '\\n' ? '\n' : part === '\\t' ? '\t' : '%'));
}

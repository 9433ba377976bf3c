import { colorEnabled } from '../output/color.js';
import { isOutputFormat, OUTPUT_FORMATS, type OutputFormat, type RenderOptions, renderValue } from '../output/formats.js';
import type { Context, IO } from './context.js';
import { usageError } from '../errors.js';
import { compileQueryOption } from './query-option.js';

export interface OutputOptions {
  output?: string;
  query?: string;
}

/** How a terminal shows a value when neither `--output` nor `--query` asks for something else. */
export type TerminalView = (value: unknown, options: RenderOptions) => string | Promise<string>;

/**
 * A result as text, for the front-end to print. `problem`: the output asked for could not be made
 * (a query that does not apply, a format that cannot hold the value); `text` is then the whole value
 * as compact JSON, or absent when it cannot be written at all, and `problem` says which.
 */
export type Presentation = { text: string; problem?: undefined } | { text: string | undefined; problem: string };

export interface Presenter {
  /** A result as text: redacted, then `--query`, then `--output`, or the default for where stdout goes. */
  present(value: unknown, view?: TerminalView): Promise<Presentation>;
}

/** What presenting reads of the context: where stdout goes (a terminal, its width), colours, secrets. */
export type PresenterDeps = Pick<Context, 'env' | 'secrets'> & { io: Pick<IO, 'stdoutIsTTY' | 'columns'> };

/**
 * Checks `--output` and compiles `--query` before anything is sent, so a mistake in either costs no
 * request. JMESPath loads only when `--query` is given.
 */
export async function preparePresenter(deps: PresenterDeps, options: OutputOptions): Promise<Presenter> {
  const format = options.output;
  if (format !== undefined && !isOutputFormat(format)) throw usageError(`--output: unknown format "${format}"; choose one of ${OUTPUT_FORMATS.join(', ')}`);
  const query = await compileQueryOption(options.query);
  const tty = deps.io.stdoutIsTTY;
  const redact = deps.secrets?.redact ?? ((text: string) => text);
  const render: RenderOptions = { color: colorEnabled(deps.env, tty), width: tty ? deps.io.columns : undefined, redact };
  return {
    async present(answer, view) {
      // Redacted before anything is formatted: a table cuts cells and YAML folds long strings, and a
      // cut or folded secret would no longer match in the printed text.
      const value = deps.secrets ? deps.secrets.redactValue(answer) : answer;
      const queried = query ? query(value) : { ok: true as const, value };
      if (!queried.ok) return presentWhole(value, `--query could not be applied to the response: ${queried.message}`);
      const shown = queried.value;
      try {
        if (format) return { text: await renderValue(shown, format, render) };
        if (view && !query && tty) return { text: await view(shown, render) };
        return { text: await renderValue(shown, defaultFormat(shown, tty), render) };
      } catch (error) {
        return presentWhole(value, `the response could not be shown as ${format ?? 'asked'}: ${(error as Error).message}`);
      }
    },
  };
}

/**
 * A request was made, so its answer is shown whole (compact JSON) rather than lost when the output
 * asked for cannot be made; the front-end reports the problem as an output failure, never as
 * "nothing was sent".
 */
function presentWhole(value: unknown, problem: string): Presentation {
  let whole: string | undefined;
  try {
    whole = `${JSON.stringify(value) ?? 'null'}\n`;
  } catch {
    whole = undefined;
  }
  return { text: whole, problem: `${problem}; ${whole === undefined ? 'it cannot be printed at all' : 'the whole response is printed instead'}` };
}

/** On a terminal a list of objects reads best as a table; anything piped is JSON. */
function defaultFormat(value: unknown, tty: boolean): OutputFormat {
  const rows = Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
  return tty && rows ? 'table' : 'json';
}

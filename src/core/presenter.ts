import { colorEnabled } from '../output/color.js';
import { isOutputFormat, OUTPUT_FORMATS, type OutputFormat, type RenderOptions, renderValue } from '../output/formats.js';
import type { Context } from './context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { compileQueryOption } from './query-option.js';

export interface OutputOptions {
  output?: string;
  query?: string;
}

/** How a terminal shows a value when neither `--output` nor `--query` asks for something else. */
export type TerminalView = (value: unknown, options: RenderOptions) => string | Promise<string>;

export interface Presenter {
  /** Prints a result on stdout: `--query` first, then `--output`, or the default for where stdout goes. */
  present(value: unknown, view?: TerminalView): Promise<void>;
}

/**
 * Checks `--output` and compiles `--query` before anything is sent, so a mistake in either costs no
 * request. JMESPath loads only when `--query` is given.
 */
export async function preparePresenter(ctx: Context, options: OutputOptions): Promise<Presenter> {
  const format = options.output;
  if (format !== undefined && !isOutputFormat(format)) throw usageError(`--output: unknown format "${format}"; choose one of ${OUTPUT_FORMATS.join(', ')}`);
  const query = await compileQueryOption(options.query);
  const tty = ctx.io.stdoutIsTTY;
  const redact = ctx.secrets?.redact ?? ((text: string) => text);
  const render: RenderOptions = { color: colorEnabled(ctx.env, tty), width: tty ? ctx.io.columns : undefined, redact };
  return {
    async present(answer, view) {
      // Redacted before anything is formatted: a table cuts cells and YAML folds long strings, and a
      // cut or folded secret would no longer match in the printed text (issue #10).
      const value = ctx.secrets ? ctx.secrets.redactValue(answer) : answer;
      const queried = query ? query(value) : { ok: true as const, value };
      if (!queried.ok) return printWhole(ctx, value, `--query could not be applied to the response: ${queried.message}`);
      const shown = queried.value;
      let text: string;
      try {
        if (format) text = await renderValue(shown, format, render);
        else if (view && !query && tty) text = await view(shown, render);
        else text = await renderValue(shown, defaultFormat(shown, tty), render);
      } catch (error) {
        return printWhole(ctx, value, `the response could not be shown as ${format ?? 'asked'}: ${(error as Error).message}`);
      }
      ctx.io.out(text);
    },
  };
}

/**
 * A request was made, so its answer is printed whole (compact JSON) rather than lost when the
 * output asked for cannot be made; the failure is the output code, never "nothing was sent".
 */
function printWhole(ctx: Context, value: unknown, problem: string): never {
  let whole: string | undefined;
  try {
    whole = `${JSON.stringify(value) ?? 'null'}\n`;
  } catch {
    whole = undefined;
  }
  if (whole !== undefined) ctx.io.out(whole);
  throw new CliError(`${problem}; ${whole === undefined ? 'it cannot be printed at all' : 'the whole response is printed instead'}`, ExitCode.output);
}

/** On a terminal a list of objects reads best as a table; anything piped is JSON. */
function defaultFormat(value: unknown, tty: boolean): OutputFormat {
  const rows = Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
  return tty && rows ? 'table' : 'json';
}

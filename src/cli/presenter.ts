import type { CompiledQuery } from '../output/query.js';
import { colorEnabled } from '../output/color.js';
import { isOutputFormat, OUTPUT_FORMATS, type OutputFormat, type RenderOptions, renderValue } from '../output/formats.js';
import type { Context } from './context.js';
import { usageError } from './errors.js';

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
  const query = options.query === undefined ? undefined : await compile(options.query);
  const tty = ctx.io.stdoutIsTTY;
  const render: RenderOptions = { color: colorEnabled(ctx.env, tty), width: tty ? ctx.io.columns : undefined };
  return {
    async present(value, view) {
      const shown = query ? applyQuery(query, value) : value;
      if (format) return ctx.io.out(await renderValue(shown, format, render));
      if (view && !query && tty) return ctx.io.out(await view(shown, render));
      ctx.io.out(await renderValue(shown, defaultFormat(shown, tty), render));
    },
  };
}

/** On a terminal a list of objects reads best as a table; anything piped is JSON. */
function defaultFormat(value: unknown, tty: boolean): OutputFormat {
  const rows = Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
  return tty && rows ? 'table' : 'json';
}

async function compile(expression: string): Promise<Extract<CompiledQuery, { ok: true }>> {
  const compiled = (await import('../output/query.js')).compileQuery(expression);
  if (!compiled.ok) throw usageError(`--query: ${compiled.message}`);
  return compiled;
}

function applyQuery(query: Extract<CompiledQuery, { ok: true }>, value: unknown): unknown {
  const result = query.apply(value);
  if (!result.ok) throw usageError(`--query could not be applied to the response: ${result.message}`);
  return result.value;
}

import { readPages, type Page, type PagesEnd } from '../client/pages.js';
import { NUMERIC_OPTIONS, parseNumericOption } from '../config/numeric-options.js';
import { parseRate, type Rate } from '../config/rate.js';
import { SvcError, ExitCode, InputError } from '../errors.js';
import { interruptionOf } from '../interruption.js';
import { terminalSafeLine } from '../output/terminal-safe.js';
import type { Context } from '../core/context.js';
import type { OperationSpec } from '../../registry/define.js';
import type { HttpRequest } from '../client/transport.js';
import type { PageReading } from '../client/pages.js';
import type { GlobalOptions } from '../config/target.js';
import type { Presenter } from '../core/presenter.js';
import type { OutputOptions } from '../core/presenter.js';
import { describeFailure } from '../core/failure.js';
import { runPacer } from '../core/run-pacer.js';
import { failureError, printPresentation } from './report.js';

/** How far `--paginate` reads (docs/guide/pagination.md). */
export interface PageBounds {
  maxPages: number;
  maxItems: number;
  /** `--rate`: pages asked for per second at most (the profile's `rate` when absent). */
  rate?: Rate;
}

export const DEFAULT_MAX_PAGES = 1000;
export const DEFAULT_MAX_ITEMS = 100_000;

/**
 * `--paginate`, `--max-pages`, `--max-items` as given; undefined without `--paginate`. A bound
 * without `--paginate` is refused rather than ignored.
 */
export function readPageBounds(flags: Record<string, unknown>): PageBounds | undefined {
  if (!flags.paginate) {
    const bound = flags.maxPages !== undefined ? '--max-pages' : flags.maxItems !== undefined ? '--max-items' : undefined;
    if (bound) throw new InputError(`${bound} needs --paginate`);
    return undefined;
  }
  if (flags.input !== undefined) throw new InputError('--paginate reads one list; it does not apply with --input');
  return {
    maxPages: flags.maxPages === undefined ? DEFAULT_MAX_PAGES : parseNumericOption(flags.maxPages, NUMERIC_OPTIONS.maxPages),
    maxItems: flags.maxItems === undefined ? DEFAULT_MAX_ITEMS : parseNumericOption(flags.maxItems, NUMERIC_OPTIONS.maxItems),
    ...(flags.rate === undefined ? {} : { rate: parseRate(flags.rate, '--rate') }),
  };
}

/** The call to page through, as dispatch (src/cli/dispatch.ts) has prepared it. */
export interface PagedCall {
  op: OperationSpec;
  request: HttpRequest;
  globals: GlobalOptions;
  presenter: Presenter;
  pages: PageBounds;
  /** `--rate`, else the profile's: the pace of the pages. */
  rate: Rate | undefined;
}

/**
 * Reads every page of a list and prints its items: as one list once all are read (`--query` applies
 * to it), or, with `--output ndjson` and no `--query`, a line per item as each page arrives. When a
 * page cannot be read or followed, the items before it are printed and the error names the page
 * (exit 7, partial); a stop signal ends it between pages the same way, with the signal's code.
 */
export async function dispatchPages(ctx: Pick<Context, 'io' | 'signal'>, d: PagedCall, reading: PageReading): Promise<void> {
  const bounds = d.pages;
  const output = d.globals as OutputOptions;
  const streaming = output.output === 'ndjson' && !output.query;
  // Pages are paced as batch lines are: --rate, and the shared backoff when the service throttles.
  const pacer = runPacer(ctx, reading.retry, { rate: d.rate, signal: ctx.signal, debug: d.globals.debug });
  const pages = readPages(d.op, d.request, { ...reading, retry: { ...reading.retry, pacer } });
  const collected: unknown[] = [];
  let read = 0;
  let end: PagesEnd | 'bounded';
  let strictProblem: SvcError | undefined;
  for (;;) {
    const step = await pages.next();
    if (step.done) {
      end = step.value;
      break;
    }
    const page = step.value;
    const refusal = warnAbout(ctx, d, page);
    if (refusal) {
      await pages.return({ kind: 'last' });
      end = 'bounded';
      strictProblem =
        read === 0 ? new SvcError(refusal, ExitCode.network) : new SvcError(`page ${page.number} ${refusal}; ${printedBefore(read)}`, ExitCode.partial);
      break;
    }
    read = page.number;
    const items = page.items.slice(0, bounds.maxItems - collected.length);
    if (streaming && items.length > 0) printPresentation(ctx, await d.presenter.present(items));
    collected.push(...items);
    const full = collected.length >= bounds.maxItems && (page.hasNext || items.length < page.items.length);
    if (full || (page.number >= bounds.maxPages && page.hasNext)) {
      ctx.io.err(`svc: note: stopped at ${full ? `--max-items ${bounds.maxItems}` : `--max-pages ${bounds.maxPages}`} with more to read\n`);
      await pages.return({ kind: 'last' });
      end = 'bounded';
      break;
    }
  }
  const problem = end === 'bounded' || end.kind === 'last' ? strictProblem : pageError(ctx, d, end, read);
  if (!streaming && !(problem && read === 0)) printPresentation(ctx, await d.presenter.present(collected));
  if (problem) throw problem;
}

/** Warns of a page answered not faithfully or not as the registry says; returns why `--strict` refuses it. */
function warnAbout(ctx: Pick<Context, 'io'>, d: PagedCall, page: Page): string | undefined {
  const { result } = page;
  if (result.mismatch && d.globals.strict) return `does not match the registry's schema (${result.mismatch}); --strict refuses it`;
  if (result.warning) ctx.io.err(`svc: warning: page ${page.number}: ${terminalSafeLine(result.warning)}\n`);
  if (result.mismatch) ctx.io.err(`svc: warning: page ${page.number} does not match the registry's schema (${terminalSafeLine(result.mismatch)})\n`);
  return undefined;
}

const printedBefore = (read: number): string => (read === 1 ? 'the page before it is printed' : `the ${read} pages before it are printed`);

/**
 * The one error for pages that ended early. The first page failing is a plain failure, as without
 * --paginate; a later one is partial (exit 7) unless a stop signal ended it (its own code).
 */
function pageError(ctx: Pick<Context, 'signal'>, d: PagedCall, end: Exclude<PagesEnd, { kind: 'last' }>, read: number): SvcError {
  const printed = printedBefore(read);
  if (end.kind === 'refused')
    return new SvcError(
      `page ${end.page + 1} was not read: page ${end.page}'s ${end.problem.replace(/^its /, '')}; ${read === 1 ? 'the first page is printed' : `the ${read} pages read are printed`}`,
      ExitCode.partial,
    );
  const error = failureError(describeFailure(end.result.error, end.result.attempts, d.op, interruptionOf(ctx.signal)));
  if (end.page === 1) return error;
  const stopped = ctx.signal?.aborted && end.result.error.kind === 'transport' && end.result.error.failure === 'aborted';
  return new SvcError(`page ${end.page} failed: ${error.message}; ${printed}`, stopped ? error.exitCode : ExitCode.partial, error.debugDetail);
}

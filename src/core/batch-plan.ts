import type { OperationSpec } from '../../registry/define.js';
import type { Column } from '../batch/csv-columns.js';
import type { BatchOptions } from '../batch/options.js';
import type { BatchSource } from '../batch/source.js';
import type { Target } from '../config/target.js';
import type { OperationInput } from '../input/operation-input.js';
import type { ResultQuery } from '../output/query.js';
import type { WaitPlan } from './wait.js';

/** A batch run as a front-end has read it: what to run, over which input, where, and how. */
export interface BatchRun {
  /** The operation's id, as the checkpoint names it. */
  id: string;
  op: OperationSpec;
  options: BatchOptions;
  /** What every line starts from: positionals, flags, --body. */
  base: OperationInput;
  /** `--input`, opened; the front-end closes it. */
  source: BatchSource;
  /** A CSV input's columns, read from its header. */
  columns?: Column[];
  target: Target;
  /** `--query`, compiled, and as written (a checkpoint belongs to it). */
  query?: { compiled: ResultQuery; text: string };
  dryRun: boolean;
  debug: boolean;
  /** `--wait-for`: each line is sent again until its own answer meets the condition. */
  wait?: WaitPlan;
}

import type { OperationSpec } from '../../registry/define.js';
import type { GlobalOptions } from '../config/target.js';
import type { OutputOptions } from '../core/presenter.js';

/** One generated command as commander parsed it: single calls and batch runs both start here. */
export interface Invocation {
  id: string;
  op: OperationSpec;
  positionals: readonly string[];
  flags: Record<string, unknown>;
  globals: GlobalOptions & OutputOptions & Record<string, unknown>;
}

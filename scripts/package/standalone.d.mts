/** Bun's executable on this machine, as npm installed it, or undefined. */
export function hostBun(): string | undefined;
/** Why this machine cannot build the binary for `target` (this machine's by default), or undefined when it can. */
export function standaloneUnsupportedReason(target?: string): string | undefined;
/** Builds the binary for `target` at `output`; resolves to whether it carries the keyring's binding. */
export function buildStandalone(options: {
  output: string;
  target?: string;
  log?: (line: string) => void;
  plugins?: import('esbuild').Plugin[];
  /** The bytecode order file (BYTECODE_ORDER by default); none is used when it does not exist. */
  bytecodeOrder?: string;
}): Promise<boolean>;
/** Builds the binary for each `{ target, output }` from one bundle; resolves to whether each carries the keyring's binding. */
export function buildStandalones(
  builds: { target: string; output: string }[],
  log?: (line: string) => void,
  plugins?: import('esbuild').Plugin[],
  bytecodeOrder?: string,
): Promise<boolean[]>;
/** The committed order in which a GET runs svc's bytecode (scripts/package/bytecode-order.mjs writes it). */
export const BYTECODE_ORDER: string;

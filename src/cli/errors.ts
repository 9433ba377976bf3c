// Moved to src/errors.ts (below every layer, issue #12); cli modules may keep importing it from here.
export { afterSending, CliError, ExitCode, type ExitCodeValue, usageError } from '../errors.js';

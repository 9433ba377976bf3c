import { usageError } from '../errors.js';
import type { IO } from './context.js';
import { copyWith } from './secrets.js';

/**
 * Standard input can be read once. Every reader of it claims it by the words the user typed
 * (`--body -`, `--data note=@-`, `--input -`, `svc auth login`), here, at the root of a run: the
 * first claim holds it, and any other claim is refused before it reads, naming both (exit 2,
 * nothing sent). A command that knows its claims before reading anything makes them all first
 * (`claimStdin`), so a pair is refused before either waits for input.
 */
export function claimStdinOnce(io: IO): IO {
  let holder: string | undefined;
  let read = false;
  const claimStdin = (who: string): void => {
    holder ??= who;
    if (holder !== who) throw usageError(`standard input can be read only once, but ${holder} and ${who} both read it: give one of them a file`);
  };
  // The same words twice (`--data a=@- --data a=@-`) are two claims too: the second read would get nothing.
  const reading = (who: string): void => {
    claimStdin(who);
    if (read) throw usageError(`standard input can be read only once, but ${who} reads it twice: give one of them a file`);
    read = true;
  };
  return copyWith(io, {
    claimStdin,
    stdin: (maxBytes, who) => {
      reading(who);
      return io.stdin(maxBytes, who);
    },
    stdinChunks: (who) => {
      reading(who);
      return io.stdinChunks(who);
    },
  });
}

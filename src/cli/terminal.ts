import { createInterface } from 'node:readline';
import { processStdin } from '../core/process-stdin.js';
import { InputError } from '../errors.js';
import { describeSize } from '../input/user-file.js';
import { Interruption, interruptedPrompt, interruptionOf } from '../interruption.js';

/**
 * All of standard input as text, refused once it passes `maxBytes`: `yes | svc … --body -` would
 * otherwise be read until memory ran out. Reading stops there; the writer gets a closed pipe.
 */
export async function readAllStdin(maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stdin = processStdin();
  for await (const chunk of stdin) {
    chunks.push(chunk);
    length += chunk.length;
    if (length > maxBytes) {
      stdin.destroy();
      throw new InputError(`standard input is over the ${describeSize(maxBytes)} limit`);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks one question on stderr and reads one line from the terminal; hidden input is not echoed.
 * Ctrl-C at the prompt (the terminal is raw, so readline sees it, not the process) or a stop
 * signal ends it with the interruption's exit code, never an unexpected error.
 */
export function promptLine(question: string, hidden: boolean, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    if (hidden) {
      // readline echoes through _writeToOutput; write the question once, then nothing of the answer.
      const output = rl as unknown as { _writeToOutput(text: string): void };
      let asked = false;
      output._writeToOutput = (text: string) => {
        if (!asked) process.stderr.write(text);
        asked = true;
      };
    }
    const stop = (interruption: Interruption) => {
      signal?.removeEventListener('abort', onSignal);
      rl.close();
      process.stderr.write('\n');
      reject(interruptedPrompt(interruption));
    };
    const onSignal = () => stop(interruptionOf(signal));
    if (signal?.aborted) return stop(interruptionOf(signal));
    signal?.addEventListener('abort', onSignal, { once: true });
    rl.once('SIGINT', () => stop(new Interruption('SIGINT')));
    rl.question(question, (answer) => {
      signal?.removeEventListener('abort', onSignal);
      rl.close();
      if (hidden) process.stderr.write('\n');
      resolve(answer);
    });
  });
}

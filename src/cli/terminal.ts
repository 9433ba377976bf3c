import { createInterface } from 'node:readline';

/** All of standard input as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks one question on stderr and reads one line from the terminal; hidden input is not echoed. */
export function promptLine(question: string, hidden: boolean): Promise<string> {
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
    rl.once('SIGINT', () => {
      rl.close();
      reject(new Error('interrupted'));
    });
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stderr.write('\n');
      resolve(answer);
    });
  });
}

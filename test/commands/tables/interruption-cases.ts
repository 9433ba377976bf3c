// The interruptions of test/e2e/signals.test.ts and test/e2e/prompt-signals.test.ts, apart so
// test/readme-figures.test.ts can count them.

export type StopSignalName = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export interface StopSignalCase {
  signal: StopSignalName;
  /** 128 + the signal's number. */
  code: number;
  /** How svc names it after "interrupted". */
  named: string;
}

export const stopSignals: StopSignalCase[] = [
  { signal: 'SIGINT', code: 130, named: '' },
  { signal: 'SIGTERM', code: 143, named: ' (SIGTERM)' },
  { signal: 'SIGHUP', code: 129, named: ' (SIGHUP)' },
];

/** Where a signal lands in a batch: each is run with every stop signal. */
export const batchScenes = [
  'mid-batch, with failed lines going to --rejects',
  'while standard input sends nothing more',
  'a second signal abandons the calls in flight',
] as const;

/** Where a signal lands in a single call: each is run with every stop signal. */
export const singleScenes = ['a write in flight', 'a read in flight', 'a wait between retries'] as const;

/** Prompts on a real terminal (tmux), each ended by Ctrl-C typed and by SIGTERM sent. */
export const promptScenes = ['the hidden `auth login` prompt', 'a delete confirmation', 'a batch delete confirmation'] as const;
export const promptStops = ['Ctrl-C typed', 'SIGTERM sent'] as const;

/** A reader that goes away in the middle of a batch (`| head -1`), or before it reads anything. */
export const closedOutputScenes = ['after the first record', 'before the first record', 'unordered, after the first record'] as const;

/** Every interruption the suite runs, each checked for records written, summary and exit code. */
export const interruptionCount =
  stopSignals.length * (batchScenes.length + singleScenes.length) + promptScenes.length * promptStops.length + closedOutputScenes.length;

// Preloaded with `node --import` into both sides of the memory case: at exit, the process's peak
// resident set size (KiB, its own: see peak-memory.mjs) goes to stderr, where the benchmark reads it.
import { peakResidentKiB } from './peak-memory.mjs';

process.on('exit', () => {
  process.stderr.write(`\nsvc-bench-peak-rss=${peakResidentKiB()}\n`);
});

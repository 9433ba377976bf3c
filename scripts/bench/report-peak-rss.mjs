// Preloaded with `node --import` into both sides of the memory case: at exit, the process's peak
// resident set size (KiB, from getrusage) goes to stderr, where the benchmark reads it.
process.on('exit', () => {
  process.stderr.write(`\nsvc-bench-peak-rss=${process.resourceUsage().maxRSS}\n`);
});

// Preloaded with `node --import` into the process being measured: at exit, writes its peak
// resident memory (KiB) and CPU time (µs) to $SVC_BENCH_USAGE, as process.resourceUsage() sees them.
import { writeFileSync } from 'node:fs';

const file = process.env.SVC_BENCH_USAGE;
if (file) {
  process.on('exit', () => {
    const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRSS, cpuMicros: userCPUTime + systemCPUTime }));
  });
}

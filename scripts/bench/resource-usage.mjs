// Preloaded with `node --import` into the process being measured: at exit, writes its peak
// resident memory (KiB, its own: see peak-memory.mjs) and CPU time (µs, user + system, from
// getrusage) to $SVC_BENCH_USAGE.
import { writeFileSync } from 'node:fs';
import { peakResidentKiB } from './peak-memory.mjs';

const file = process.env.SVC_BENCH_USAGE;
if (file) {
  process.on('exit', () => {
    const { userCPUTime, systemCPUTime } = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRSS: peakResidentKiB(), cpuMicros: userCPUTime + systemCPUTime }));
  });
}

// A process's own peak resident memory, in KiB. Not getrusage's maxRSS: on Linux a child keeps the
// high-water mark of the process it was forked from (the kernel carries it across exec), so a
// child spawned by a 300 MiB benchmark reads 300 MiB whatever it uses itself. /proc/self/status's
// VmHWM is the peak of this program's own memory since exec; maxRSS only where there is no /proc.
import { readFileSync } from 'node:fs';

export function peakResidentKiB() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const peak = /^VmHWM:\s*(\d+)\s*kB$/m.exec(status)?.[1];
    if (peak !== undefined) return Number(peak);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

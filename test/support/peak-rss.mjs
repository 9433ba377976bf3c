// Preloaded into a spawned svc (NODE_OPTIONS=--import) to observe, not change, it: writes the
// process's own peak resident memory in KiB (not the forking test runner's: see
// scripts/bench/peak-memory.mjs) to $SVC_TEST_PEAK_RSS_FILE as it exits.
import { writeFileSync } from 'node:fs';
import { peakResidentKiB } from '../../scripts/bench/peak-memory.mjs';

process.on('exit', () => {
  if (process.env.SVC_TEST_PEAK_RSS_FILE) writeFileSync(process.env.SVC_TEST_PEAK_RSS_FILE, String(peakResidentKiB()));
});

// Preloaded into a spawned svc (NODE_OPTIONS=--import) to observe, not change, it: writes the
// process's peak resident memory in KiB to $SVC_TEST_PEAK_RSS_FILE as it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.SVC_TEST_PEAK_RSS_FILE) writeFileSync(process.env.SVC_TEST_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});

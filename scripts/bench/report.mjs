// Turns measured samples into the table `npm run bench` prints (Markdown, so the README can quote it).

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), runs: sorted.length };
}

const formatTime = ({ median, min, max }) => `${median.toFixed(1)} ms (${min.toFixed(1)}–${max.toFixed(1)})`;
const formatMemory = ({ median, min, max }) => `${(median / 1024).toFixed(1)} MiB (${(min / 1024).toFixed(1)}–${(max / 1024).toFixed(1)})`;

/** One row per case: medians (min–max), the ratio of medians, the target and PASS or MISS. */
export function formatTable(rows) {
  const lines = ['| Case | svc: median (min–max) | Baseline | Baseline: median (min–max) | Ratio | Target | |', '|---|---|---|---|---|---|---|'];
  for (const { kase, svc, baseline } of rows) {
    const format = kase.memory ? formatMemory : formatTime;
    const ratio = svc.median / baseline.median;
    const verdict = ratio <= kase.target ? 'PASS' : 'MISS';
    lines.push(`| ${kase.name} | ${format(svc)} | ${kase.baseline.label} | ${format(baseline)} | ${ratio.toFixed(2)}× | ≤ ${kase.target}× | ${verdict} |`);
  }
  return lines.join('\n');
}

export const allPass = (rows) => rows.every(({ kase, svc, baseline }) => svc.median / baseline.median <= kase.target);

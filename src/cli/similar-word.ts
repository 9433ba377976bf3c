/** Optimal string alignment distance: edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * ` (Did you mean email?)` for a mistyped word, or '' when no candidate is close: as commander
 * suggests a command (at most three edits, and at least 40% of the word kept).
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  let best = 3;
  let found: string[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if ((candidate.length - distance) / candidate.length <= 0.4) continue;
    if (distance < best) [best, found] = [distance, [candidate]];
    else if (distance === best) found.push(candidate);
  }
  return found.length > 0 ? ` (Did you mean ${found.sort().join(', ')}?)` : '';
}

/**
 * Edits (insert, delete, replace) from `a` to `b`: the Levenshtein distance; with `swaps`, two
 * neighbours swapped count as one edit (the optimal string alignment distance, as commander counts).
 * Suggestions for a mistyped word (a command, an operation id, a setting) are read from it.
 */
export function editDistance(a: string, b: string, { swaps = false } = {}): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (swaps && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

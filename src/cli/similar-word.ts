import { editDistance } from '../edit-distance.js';

/**
 * ` (Did you mean email?)` for a mistyped word, or '' when no candidate is close: as commander
 * suggests a command (at most three edits, and at least 40% of the word kept).
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  let best = 3;
  let found: string[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate, { swaps: true });
    if ((candidate.length - distance) / candidate.length <= 0.4) continue;
    if (distance < best) [best, found] = [distance, [candidate]];
    else if (distance === best) found.push(candidate);
  }
  return found.length > 0 ? ` (Did you mean ${found.sort().join(', ')}?)` : '';
}

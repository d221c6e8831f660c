// What search forgives: one typo in a word. Pure, so that it is tested on its own.

/** Words this long or longer forgive one typo; a shorter one has too many neighbours. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `typed` is one typo away from `word`, or the same: one letter changed, added or
 * left out, or two neighbouring letters swapped.
 */
export function isOneTypoAway(typed: string, word: string): boolean {
  const a = [...typed];
  const b = [...word];
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  // What differs lies between `start` and the ends: at most one letter on each side, or a swap.
  const left = endA - start;
  const right = endB - start;
  if (left <= 1 && right <= 1) return true;
  return left === 2 && right === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

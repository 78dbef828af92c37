/** The closest of known names to a misspelt one: for refusals that name what was probably meant. */

/** Edit distance between two names (insert, delete, substitute, swap of neighbours). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name closest to an unknown one, compared without case (a shared prefix counts as close: `symbol` → `symbols`). */
export function closestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  const lower = name.toLowerCase();
  for (const k of known) {
    const known = k.toLowerCase();
    const score = editDistance(lower, known) - (known.startsWith(lower) || lower.startsWith(known) ? 0.5 : 0);
    if (score < bestScore) {
      best = k;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "смартфн" is one edit from
 * "смартфон", "смартофн" one from "смартфон". Gives up as soon as the distance must exceed `max` and
 * returns `max + 1`, so scanning a vocabulary of thousands of words per query stays cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prevPrev[j - 2]! + 1);
      }
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return Math.min(prev[n]!, max + 1);
}

/** Edits a word of this length may carry and still count as a typo: one up to 5 letters, then two. */
export function typoBudget(length: number): number {
  if (length < 3) return 0;
  return length <= 5 ? 1 : 2;
}

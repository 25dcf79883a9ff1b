const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;
const LETTER = /\p{L}/u;

/** Lower case with ё folded to е, the way the search vector folds it (`translate(name, 'Ёё', 'Ее')`). */
export function foldCase(text: string): string {
  return text.normalize("NFKC").toLowerCase().replaceAll("ё", "е");
}

/**
 * The words of a query or a product name: case and ё folded, punctuation dropped. A hyphen between
 * letters or digits stays ("смарт-часы", "wi-fi": PostgreSQL's parser reads them as one compound word),
 * and so do `/ . ,` between digits ("8/256", "23,8"); anything else separates words. The words contain
 * only letters, digits and those inner marks, so they can be quoted into a tsquery as they are.
 */
export function normalizeWords(text: string): string[] {
  const chars = [...foldCase(text)];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (LETTER_OR_DIGIT.test(c)) {
      out += c;
      continue;
    }
    const prev = chars[i - 1] ?? "";
    const next = chars[i + 1] ?? "";
    const inner =
      (c === "-" && LETTER_OR_DIGIT.test(prev) && LETTER_OR_DIGIT.test(next)) ||
      ((c === "/" || c === "." || c === ",") && DIGIT.test(prev) && DIGIT.test(next));
    out += inner ? c : " ";
  }
  return out.split(" ").filter((w) => w !== "");
}

/** The query as one comparable string: `normalizeWords` joined by single spaces. */
export function normalizeQuery(text: string): string {
  return normalizeWords(text).join(" ");
}

/** Whether a word can be a typo of a real word (numbers and model codes are left alone). */
export function isCorrectable(word: string): boolean {
  return word.length >= 3 && !DIGIT.test(word) && LETTER.test(word);
}

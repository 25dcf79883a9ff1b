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

const CONSONANT = "бвгджзклмнпрстфхцчшщ";
/** A consonant, the fleeting о/е/ё, a final consonant (and a soft sign: "туфель"). */
const FLEETING = new RegExp(`^([а-яё]{2,})([оеё])([${CONSONANT}])ь?$`);
const VOWEL = /[аеёиоуыэюя]/;

/**
 * The stems a genitive plural with a fleeting vowel may come from: "масок" → "маск" (маска), "кукол"
 * → "кукл", "ложек" → "ложк", "серег" → "серьг", "чаек" → "чайк". The `russian` stemmer leaves such a
 * word whole ("масок" stays 'масок' while "маска" is 'маск'), so it would find nothing. Empty for a word
 * of another shape; the caller keeps only the stems some product name has a word starting with.
 */
export function fleetingVowelStems(word: string): string[] {
  const m = FLEETING.exec(word);
  if (!m) return [];
  const [, head, vowel, last] = m as unknown as [string, string, string, string];
  const before = head.at(-1)!;
  // "чаек": after a vowel, "е" stands for a "й" (чайка).
  if (VOWEL.test(before)) return vowel === "о" ? [] : [`${head}й${last}`];
  if (!CONSONANT.includes(before)) return [];
  return vowel === "о" ? [`${head}${last}`] : [`${head}${last}`, `${head}ь${last}`];
}

/**
 * Russian → Latin transliteration for URLs (a readable, Yandex-like scheme: ж → zh, х → kh, ц → ts,
 * щ → shch, ю → yu, я → ya; ё is read as е, ъ and ь vanish). Pure: the app may reuse it for slugs.
 */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Ukrainian and Belarusian letters that turn up in brand and place names.
  і: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
  ў: "u",
};

/** Lower-cases and transliterates Cyrillic; other characters are kept (Latin diacritics are stripped). */
export function transliterate(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase().normalize("NFC")) {
    const mapped = CYRILLIC[ch];
    out += mapped ?? ch;
  }
  // "é" → "e": decompose, then drop the combining marks.
  return out.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * URL slug: lower-case Latin letters, digits and single hyphens, at most `maxLength` characters
 * (cut at a word boundary when possible). Apostrophes vanish ("L'Oréal" → "loreal").
 */
export function slugify(text: string, maxLength = 96): string {
  const slug = transliterate(text)
    .replace(/['’ʼ`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, "");
}

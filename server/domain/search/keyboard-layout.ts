/**
 * The Russian ЙЦУКЕН and the English QWERTY layouts share physical keys: a shopper who forgot to switch
 * types "cvfhnajy" for "смартфон" (or "ыфьыгтп" for "samsung"). Lower-case keys, plus the shifted
 * punctuation keys that carry Russian letters ("{" is Х, ":" is Ж, "<" is Б …).
 */
const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC = "йцукенгшщзхъфывапролджэячсмитьбюё";
const SHIFTED_LATIN = '{}:"<>~';
const SHIFTED_CYRILLIC = "хъжэбюё";

const toCyrillic = new Map<string, string>();
const toLatin = new Map<string, string>();
for (let i = 0; i < LATIN.length; i++) {
  toCyrillic.set(LATIN[i]!, CYRILLIC[i]!);
  toLatin.set(CYRILLIC[i]!, LATIN[i]!);
}
for (let i = 0; i < SHIFTED_LATIN.length; i++) toCyrillic.set(SHIFTED_LATIN[i]!, SHIFTED_CYRILLIC[i]!);

function convert(text: string, map: Map<string, string>): string {
  let out = "";
  for (const c of text.toLowerCase()) out += map.get(c) ?? c;
  return out;
}

/** What Latin-layout keystrokes type on the Russian layout: "cvfhnajy" → "смартфон". */
export function latinToCyrillic(text: string): string {
  return convert(text, toCyrillic);
}

/** What Russian-layout keystrokes type on the English layout: "ыфьыгтп" → "samsung". */
export function cyrillicToLatin(text: string): string {
  return convert(text, toLatin);
}

const LATIN_KEYS = /^[a-z[\]{};:'",.<>`~]+$/;
const HAS_LATIN_LETTER = /[a-z]/;
const CYRILLIC_WORD = /^[а-яё]+$/;

/**
 * The same keystrokes on the other layout, for one whitespace-separated token of a query, or null when
 * the token cannot be a layout slip (it mixes scripts, or holds digits or other symbols).
 */
export function switchLayout(token: string): string | null {
  const lower = token.toLowerCase();
  if (LATIN_KEYS.test(lower) && HAS_LATIN_LETTER.test(lower)) return latinToCyrillic(lower);
  if (CYRILLIC_WORD.test(lower)) return cyrillicToLatin(lower);
  return null;
}

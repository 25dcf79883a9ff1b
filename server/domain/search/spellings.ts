import { normalizeWords } from "./normalize.ts";

/**
 * How shoppers write brands and model lines that product names spell in Latin (and the few Latin
 * spellings of brands whose names are Cyrillic): the name as the product names write it, then the
 * spellings. A spelling of as many words as the name maps word by word ("лав репаблик" → "love
 * republic"); a one-word spelling of a longer name maps to the whole phrase ("делонги" → "de longhi").
 * Every brand of the demo catalogue is here (spellings.test.ts checks it); a real shop adds its own.
 */
const BRANDS: readonly (readonly [string, ...string[]])[] = [
  ["apple", "эппл", "эпл", "эпол", "апл", "аппл", "эплл"],
  ["samsung", "самсунг", "самсунк", "симсунг", "сасунг"],
  ["xiaomi", "сяоми", "ксиоми", "ксиаоми", "сиаоми", "шаоми", "ксяоми"],
  ["honor", "хонор", "хонар", "онор"],
  ["realme", "реалми", "риалми", "реалме", "рилми"],
  ["huawei", "хуавей", "хуавэй", "хуавеи", "хувей", "хуавай"],
  ["tecno", "текно", "техно"],
  ["lenovo", "леново", "ленова"],
  ["amazfit", "амазфит", "амэзфит"],
  ["jbl", "джибиэль", "жбл", "джбл"],
  ["sony", "сони", "сонни"],
  ["marshall", "маршалл", "маршал"],
  ["defender", "дефендер"],
  ["asus", "асус", "азус", "эйсус"],
  ["msi", "мси", "эмэсай"],
  ["acer", "асер", "эйсер", "асир", "ацер"],
  ["lg", "лж", "элджи", "элжи"],
  ["aoc", "аок"],
  ["philips", "филипс", "филлипс", "филипц"],
  ["logitech", "логитек", "логитех"],
  ["a4tech", "а4тех", "а4тек"],
  ["razer", "рейзер", "разер", "рэйзер"],
  ["redragon", "редрагон", "рэдрагон"],
  ["tcl", "тсл", "тиэсэль"],
  ["haier", "хаер", "хайер", "хаиер"],
  ["hisense", "хайсенс", "хисенс"],
  ["яндекс", "yandex", "iandeks"],
  ["yamaha", "ямаха"],
  ["redmond", "редмонд"],
  ["polaris", "поларис"],
  ["tefal", "тефаль", "тефал"],
  ["bosch", "бош", "бошь", "босх"],
  ["vitek", "витек", "витэк"],
  ["scarlett", "скарлет", "скарлетт"],
  ["kitfort", "китфорт"],
  ["de longhi", "делонги", "делонджи", "де лонги", "delonghi"],
  ["krups", "крупс"],
  ["melitta", "мелитта", "мелита"],
  ["midea", "мидея", "мидеа", "мидиа"],
  ["gorenje", "горенье", "горение", "горенже"],
  ["braun", "браун"],
  ["moulinex", "мулинекс", "мулинэкс"],
  ["atlant", "атлант"],
  ["indesit", "индезит", "индесит"],
  ["beko", "беко"],
  ["liebherr", "либхер", "либхерр"],
  ["candy", "канди", "кенди"],
  ["hotpoint", "хотпоинт", "хотпойнт"],
  ["weissgauff", "вейсгауф", "вайсгауф", "вейсгауфф"],
  ["hansa", "ханса", "ганза"],
  ["electrolux", "электролюкс", "электролакс"],
  ["dyson", "дайсон", "дисон"],
  ["dreame", "дрими", "дреам", "дрим"],
  ["kärcher", "керхер", "кёрхер", "карчер", "karcher"],
  ["rowenta", "ровента"],
  ["ballu", "баллу", "балу"],
  ["timberk", "тимберк"],
  ["zarina", "зарина"],
  ["love republic", "лав репаблик", "лав рипаблик", "loverepublic"],
  ["befree", "бифри"],
  ["sela", "села"],
  ["lime", "лайм"],
  ["gloria jeans", "глория джинс", "глория джинc"],
  ["o stin", "остин", "ostin"],
  ["colin", "колинс", "колинз", "colins"],
  ["demix", "демикс"],
  ["zolla", "золла", "зола"],
  ["henderson", "хендерсон"],
  ["tom farr", "том фарр", "том фар"],
  ["reebok", "рибок", "рибук"],
  ["anta", "анта"],
  ["li-ning", "ли-нинг", "линин", "лининг"],
  ["skechers", "скечерс", "скетчерс"],
  ["ralf ringer", "ральф рингер"],
  ["эконика", "ekonika", "econika"],
  ["tervolina", "терволина"],
  ["respect", "респект"],
  ["carlo pazolini", "карло пазолини"],
  ["нева", "neva"],
  ["rondell", "ронделл", "рондел"],
  ["kukmara", "кукмара"],
  ["scovo", "сково"],
  ["fissman", "фиссман", "фисман"],
  ["samura", "самура"],
  ["togas", "тогас"],
  ["самойловский", "samoylovskiy", "samoilovskiy"],
  ["cleanelly", "клинелли", "клинели"],
  ["sofi de marko", "софи де марко"],
  ["mona liza", "мона лиза"],
  ["arya", "арья", "ария"],
  ["weber", "вебер"],
  ["boyscout", "бойскаут"],
  ["forester", "форестер"],
  ["go garden", "гоу гарден"],
  ["gardena", "гардена"],
  ["grinda", "гринда"],
  ["palisad", "палисад"],
  ["huter", "хутер", "хютер"],
  ["patriot", "патриот"],
  ["greenworks", "гринворкс"],
  ["l oréal", "лореаль", "лореал", "лорэаль", "loreal", "l oreal"],
  ["natura siberica", "натура сиберика"],
  ["faberlic", "фаберлик"],
  ["garnier", "гарньер", "гарнье"],
  ["nivea", "нивея", "нивеа"],
  ["чистая линия", "chistaya liniya"],
  ["librederm", "либридерм", "либредерм"],
  ["mixit", "миксит"],
  ["art fact", "арт факт"],
  ["estel", "эстель", "эстел"],
  ["pantene", "пантин", "пантен"],
  ["maybelline", "мейбеллин", "мейбелин", "мэйбелин"],
  ["vivienne sabo", "вивьен сабо"],
  ["divage", "диваж"],
  ["art-visage", "арт-визаж", "артвизаж"],
  ["luxvisage", "люксвизаж"],
  ["influence beauty", "инфлюенс бьюти"],
  ["lego", "лего"],
  ["cobi", "коби"],
  ["magformers", "магформерс"],
  ["barbie", "барби"],
  ["baby born", "беби борн", "бэби борн"],
  ["карапуз", "karapuz"],
  ["весна", "vesna"],
  ["budi basa", "буди баса"],
  ["мякиши", "myakishi"],
  ["orange toys", "оранж тойс"],
  ["aurora", "аврора"],
  ["chicco", "чикко", "чико"],
  ["happy baby", "хэппи беби", "хеппи беби"],
  ["anex", "анекс"],
  ["tutis", "тутис"],
  ["rant", "рант"],
  ["siger", "сигер"],
  ["britax römer", "бритакс ромер", "britax romer"],
  ["puky", "пуки"],
  ["small rider", "смол райдер"],
  ["hobby-bike", "хобби-байк", "хоббибайк"],
  ["pampers", "памперс", "памперсы"],
  ["huggies", "хаггис", "хагис"],
  ["merries", "меррис", "мериес", "мерис"],
  ["moony", "муни"],
  ["yokosun", "йокосан"],
  ["aqa baby", "ака беби"],
  ["ушастый", "ushastyy"],
  ["bübchen", "бюбхен", "bubchen"],
  ["torneo", "торнео"],
  ["starfit", "старфит"],
  ["bradex", "брадекс"],
  ["stels", "стелс"],
  ["forward", "форвард"],
  ["stern", "штерн"],
  ["merida", "мерида"],
  ["format", "формат"],
  ["ridex", "ридекс"],
  ["novatrack", "новатрек", "новатрэк"],
  ["tech team", "тек тим", "теч тим"],
  ["bell", "белл"],
  ["tramp", "трамп"],
  ["outventure", "аутвенчер"],
  ["nordway", "нордвей"],
  ["greenell", "гринелл"],
  ["простоквашино", "prostokvashino"],
  ["домик", "domik"],
  ["вкуснотеево", "vkusnoteevo"],
  ["parmalat", "пармалат"],
  ["агуша", "agusha"],
  ["epica", "эпика"],
  ["активиа", "activia", "активия"],
  ["чудо", "chudo"],
  ["teos", "теос"],
  ["брест-литовск", "brest-litovsk"],
  ["hochland", "хохланд"],
  ["киприно", "kiprino"],
  ["умалат", "umalat"],
  ["савушкин", "savushkin"],
  ["мистраль", "mistral"],
  ["увелка", "uvelka"],
  ["националь", "natsional"],
  ["макфа", "makfa"],
  ["barilla", "барилла", "барила"],
  ["шебекинские", "shebekinskie"],
  ["grand di pasta", "гранд ди паста"],
  ["махеев", "maheev"],
  ["heinz", "хайнц", "хейнц"],
  ["calve", "кальве"],
  ["слобода", "sloboda"],
  ["lipton", "липтон"],
  ["greenfield", "гринфилд"],
  ["ahmad tea", "ахмад ти", "ахмад"],
  ["tess", "тесс"],
  ["curtis", "кертис", "куртис"],
  ["майский", "mayskiy"],
  ["jacobs", "якобс", "джейкобс"],
  ["lavazza", "лавацца", "лавазза"],
  ["жокей", "zhokey", "jockey"],
  ["черная карта", "chernaya karta"],
  ["paulig", "паулиг"],
];

/**
 * Words of model lines (the demo catalogue's phones, tablets, watches, headphones, laptops and TVs)
 * as they are typed in Cyrillic: «айфон 15», «галакси а55», «редми ноут 13».
 */
const MODELS: readonly (readonly [string, ...string[]])[] = [
  ["iphone", "айфон", "айфоне", "айфончик"],
  ["ipad", "айпад"],
  ["macbook", "макбук"],
  ["airpods", "эйрподс", "аирподс", "эирподс"],
  ["watch", "вотч", "воч"],
  ["galaxy", "галакси", "гэлакси", "галэкси"],
  ["redmi", "редми", "рэдми"],
  ["note", "ноут"],
  ["poco", "поко"],
  ["pro", "про"],
  ["max", "макс"],
  ["ultra", "ультра"],
  ["lite", "лайт"],
  ["plus", "плюс"],
  ["mini", "мини"],
  ["air", "эйр"],
  ["buds", "бадс"],
  ["tab", "таб"],
  ["pad", "пад"],
  ["flip", "флип"],
  ["nova", "нова"],
  ["mate", "мейт", "мэйт"],
  ["matebook", "мейтбук"],
  ["matepad", "мейтпад"],
  ["magicbook", "мэджикбук", "меджикбук"],
  ["freebuds", "фрибадс"],
  ["pura", "пура"],
  ["spark", "спарк"],
  ["camon", "камон"],
  ["pova", "пова"],
  ["thinkpad", "тинкпад", "синкпад"],
  ["ideapad", "идеапад"],
  ["legion", "легион"],
  ["zenbook", "зенбук"],
  ["vivobook", "вивобук"],
  ["nitro", "нитро"],
  ["aspire", "аспаер", "аспайр"],
  ["predator", "предатор"],
  ["bravia", "бравиа"],
  ["supersonic", "суперсоник"],
];

/** Cyrillic words that also mean something else: their Latin reading is added, the word itself stays. */
const ALSO: Readonly<Record<string, readonly string[]>> = { ноут: ["ноутбук"] };

/** Word → the words it may stand for, each reading one or more words (a phrase). */
const ALIASES = new Map<string, string[][]>();

function addAlias(spelling: string, target: readonly string[]): void {
  const key = spelling;
  if (target.join(" ") === key) return;
  const list = ALIASES.get(key) ?? [];
  if (!list.some((t) => t.join(" ") === target.join(" "))) list.push([...target]);
  ALIASES.set(key, list);
}

for (const [name, ...spellings] of [...BRANDS, ...MODELS]) {
  const target = normalizeWords(name);
  for (const spelling of spellings) {
    const words = normalizeWords(spelling);
    if (words.length === 1) addAlias(words[0]!, target);
    else if (words.length === target.length) for (const [i, w] of words.entries()) addAlias(w, [target[i]!]);
  }
}
for (const [word, others] of Object.entries(ALSO)) for (const o of others) addAlias(word, [o]);

/** Every spelling, sorted, for the completion of a word still being typed. */
const SORTED_SPELLINGS = [...ALIASES.keys()].sort();

/** Case endings a brand or model word takes in a phrase: «чехол для айфона», «у самсунга». */
const ENDINGS = ["ами", "ями", "ов", "ев", "ам", "ах", "ом", "ем", "ой", "ы", "и", "а", "я", "у", "ю", "е"];

/**
 * The readings of a word that is a known spelling of a brand or a model word: "самсунг" →
 * [["samsung"]], "делонги" → [["de", "longhi"]], "айфона" → [["iphone"]]. Empty for any other word.
 */
export function spellingsOf(word: string): string[][] {
  const exact = ALIASES.get(word);
  if (exact) return exact;
  if (!/^[а-яё-]+$/.test(word)) return [];
  for (const ending of ENDINGS) {
    // Five letters at least: "новая" is not "нова" (Huawei's nova) with an ending.
    if (word.length - ending.length >= 5 && word.endsWith(ending)) {
      const found = ALIASES.get(word.slice(0, -ending.length));
      if (found) return found;
    }
  }
  return [];
}

/**
 * The readings of a spelling that starts with `prefix` (a word still being typed: "самс" → samsung),
 * the first in alphabetical order; empty below three letters, where every prefix is ambiguous.
 */
export function spellingsByPrefix(prefix: string): string[][] {
  if (prefix.length < 3) return [];
  let lo = 0;
  let hi = SORTED_SPELLINGS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (SORTED_SPELLINGS[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found = SORTED_SPELLINGS[lo];
  return found?.startsWith(prefix) ? (ALIASES.get(found) ?? []) : [];
}

/** The brand and model lists as written, for the tests that check them against the catalogue. */
export const SPELLING_LISTS = { brands: BRANDS, models: MODELS } as const;

/** Latin letters a Cyrillic letter of a model code may stand for: «с24» is S24, «с61» is C61. */
const CODE_LETTERS: Readonly<Record<string, readonly string[]>> = {
  а: ["a"],
  б: ["b"],
  в: ["v", "b"],
  г: ["g"],
  д: ["d"],
  е: ["e"],
  з: ["z"],
  и: ["i"],
  й: ["y"],
  к: ["k"],
  л: ["l"],
  м: ["m"],
  н: ["n", "h"],
  о: ["o"],
  п: ["p"],
  р: ["r", "p"],
  с: ["s", "c"],
  т: ["t"],
  у: ["u", "y"],
  ф: ["f"],
  х: ["x", "h"],
  э: ["e"],
};
const MAX_CODE_READINGS = 4;

/**
 * A model code typed with Cyrillic letters ("а55", "х6", "13с") in Latin letters, each ambiguous letter
 * either way ("с24" → s24, c24), at most four readings; empty for a word without digits or Cyrillic.
 */
export function codeReadings(word: string): string[] {
  if (!/\d/.test(word) || !/[а-яё]/.test(word) || !/^[a-zа-яё0-9]+$/.test(word)) return [];
  let readings = [""];
  for (const c of word) {
    const options = CODE_LETTERS[c] ?? (/[a-z0-9]/.test(c) ? [c] : null);
    if (!options) return [];
    readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, MAX_CODE_READINGS);
  }
  return readings;
}

/**
 * Product colours by their Russian names, as the seed writes them («чёрный», «тёмно-синий») and as shops
 * write them in other forms («Чёрная», «Розовое золото»). Matched by stem, so any gender or case form of a
 * known colour finds its hex; the more specific stems come first («тёмно-синий» before «синий»).
 */
const STEMS: readonly (readonly [RegExp, string])[] = [
  [/розов\S* золот/, "#e3b3a2"],
  [/космическ|серый космос/, "#4a4c52"],
  [/темно-син|темно син/, "#1f2d4d"],
  [/темно-зел/, "#1f4a34"],
  [/темно-сер|антрацит/, "#3a3d42"],
  [/светло-сер/, "#c4c6ca"],
  [/светло-син|голуб/, "#8cbde6"],
  [/светло-зел|мятн/, "#a5dcc5"],
  [/черн/, "#1f2024"],
  [/бел/, "#f3f3f1"],
  [/графит/, "#3d4046"],
  [/серебр|стальн|хром|нержав/, "#c6c9ce"],
  [/титан/, "#a8a49c"],
  [/сер/, "#8c8f95"],
  [/изумруд/, "#12785d"],
  [/оливк/, "#6f7444"],
  [/хаки/, "#877c52"],
  [/зелен/, "#2f8a4f"],
  [/бирюз/, "#2bb3b1"],
  [/син/, "#2f5fb3"],
  [/фиолет/, "#6a4fa8"],
  [/сирен|лаванд/, "#b7a2d6"],
  [/бордо|винн/, "#7a1f33"],
  [/терракот/, "#b65c40"],
  [/коралл/, "#f07a6a"],
  [/красн/, "#c7323b"],
  [/розов|пудр/, "#e9a5b7"],
  [/оранж|персик/, "#e8792c"],
  [/желт|лимон/, "#f0c83c"],
  [/золот/, "#d8bb84"],
  [/медн|бронз/, "#b7734a"],
  [/бежев|песоч/, "#d7c2a0"],
  [/молочн|кремов|слонов/, "#f0e7d4"],
  [/коричн|шоколад/, "#6d4a31"],
];

/** The hex of a colour name, or undefined when the name is not a colour we know. */
export function hexOfColourName(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/ё/g, "е");
  for (const [stem, hex] of STEMS) {
    if (stem.test(key)) return hex;
  }
  return undefined;
}

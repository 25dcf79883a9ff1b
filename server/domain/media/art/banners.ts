/**
 * The home page's demo banners drawn as SVG (issue 22, point 6; ADR 067): a scene of three of the
 * catalogue's own product drawings on a soft backdrop in one accent colour, the left part kept calm for
 * the banner's title, which the page sets in HTML over it (no text in the picture). 900 × 400, so the
 * image pipeline renders it like any drawing (its width is the drawings' width).
 */
import { type ArtKind, drawProduct } from "./index.ts";
import { lighten, mix } from "./kit.ts";

export const BANNER_W = 900;
export const BANNER_H = 400;

/** Each scene's three products (the middle one largest), in their kinds' own colours or a given one. */
const SCENES = {
  tech: [["headphones"], ["smartphone"], ["laptop"]],
  kitchen: [["blender"], ["kettle"], ["coffeeMachine"]],
  style: [["bag"], ["dress"], ["sneaker"]],
  sport: [["dumbbells"], ["bicycle"], ["ball"]],
  kids: [["blocks"], ["teddy"], ["toyCar"]],
  beauty: [["creamJar"], ["perfume"], ["lipstick"]],
  home: [["pillow"], ["lamp"], ["tableware"]],
  gadgets: [["smartwatch"], ["tablet"], ["earbuds"]],
} satisfies Record<string, [ArtKind, string?][]>;

export type BannerScene = keyof typeof SCENES;
export const BANNER_SCENES = Object.keys(SCENES) as BannerScene[];
export const isBannerScene = (s: string): s is BannerScene => s in SCENES;

/** A product's drawing without its studio backdrop, its ids prefixed so three can share one picture. */
function product(kind: ArtKind, prefix: string): string {
  const svg = drawProduct({ kind, colour: "", view: 0, inset: false });
  const inner = svg
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "")
    // The studio wall and its glow (art/index.ts `backdrop`): the banner has a backdrop of its own.
    .replace(
      /<rect width="900" height="1200" fill="url\(#[a-z]\d+\)"\/><ellipse cx="450" cy="560" rx="560" ry="600" fill="url\(#[a-z]\d+\)"\/>/,
      "",
    )
    .replace(/id="([a-z]\d+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([a-z]\d+)\)/g, `url(#${prefix}$1)`);
  return inner;
}

/** The banner `scene` on a backdrop of `accent` (`#rrggbb`). */
export function drawBanner(scene: BannerScene, accent: string): string {
  const items = SCENES[scene];
  const light = lighten(accent, 0.9);
  const mid = lighten(accent, 0.7);
  const deep = mix(accent, "#ffffff", 0.35);
  // Places on the right part, as [x, y, height] of a 3:4 drawing; the middle one in front.
  const places: [number, number, number][] = [
    [385, 100, 290],
    [535, 25, 380],
    [680, 115, 275],
  ];
  const shapes = [0, 2, 1]
    .map((i) => {
      const [x, y, h] = places[i]!;
      const w = (h * 3) / 4;
      const [kind] = items[i]!;
      return `<ellipse cx="${x + w / 2}" cy="${y + h * 0.93}" rx="${w * 0.36}" ry="${h * 0.035}" fill="#000000" fill-opacity=".10"/><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="60 120 780 1040">${product(kind, `p${i}`)}</svg>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_W}" height="${BANNER_H}" viewBox="0 0 ${BANNER_W} ${BANNER_H}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient><radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${deep}" stop-opacity=".85"/><stop offset="1" stop-color="${deep}" stop-opacity="0"/></radialGradient></defs><rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#bg)"/><circle cx="690" cy="210" r="250" fill="url(#sun)"/><circle cx="860" cy="40" r="90" fill="#ffffff" fill-opacity=".35"/><circle cx="420" cy="380" r="60" fill="#ffffff" fill-opacity=".4"/>${shapes}</svg>`;
}

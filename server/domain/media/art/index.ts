/**
 * Recognisable product pictures drawn as SVG (issue 22, point 1; ADR 061): a phone with its screen and
 * camera block, a laptop, over-ear vs in-ear vs wired headphones, a kettle, a sneaker, a dress … in the
 * product's own colour, lit and shaded, on a light studio backdrop, 3–5 views per kind, no text. The image
 * pipeline rasterises these strings with sharp (librsvg), so only what librsvg draws is used: gradients,
 * opacity, transforms, clip paths, small blurs; no text, fonts, CSS or external references.
 */
import { applianceKinds } from "./appliances.ts";
import { beautyKinds } from "./beauty.ts";
import { hexOfColourName } from "./colour.ts";
import { electronicsKinds } from "./electronics.ts";
import { fashionKinds } from "./fashion.ts";
import { foodKinds } from "./food.ts";
import { homeKinds } from "./home.ts";
import { kidsKinds } from "./kids.ts";
import { Art, contrastOn, darken, EDGE, H, lighten, mix, path, rr, W } from "./kit.ts";
import { kindForLeaf } from "./mapping.ts";
import { SHOPPER_PHOTO_SHOTS, shopperPhoto, shopperPhotoFrame } from "./shopper-photo.ts";
import { sportKinds } from "./sport.ts";
import type { KindArt, View } from "./types.ts";

/** Bump when any drawing changes: it is part of the stored images' ids. */
export const ART_VERSION = 2;

const KINDS = {
  ...electronicsKinds,
  ...applianceKinds,
  ...fashionKinds,
  ...homeKinds,
  ...beautyKinds,
  ...kidsKinds,
  ...sportKinds,
  ...foodKinds,
} satisfies Record<string, KindArt>;

export type ArtKind = keyof typeof KINDS;

export const ART_KINDS: readonly ArtKind[] = Object.keys(KINDS) as ArtKind[];

const isKind = (k: string): k is ArtKind => k in KINDS;

/** The object in its retail box: a window in the box's front shows the hero drawing. */
function boxed(a: Art, c: string, hero: View): string {
  const face = a.lin(
    [
      [0, mix(c, "#ffffff", 0.35)],
      [1, mix(c, "#ffffff", 0.05)],
    ],
    0,
    0,
    1,
    1,
  );
  const window = a.clip(rr(230, 370, 380, 430, 24, "#000"));
  return (
    a.shadow(470, 960, 340, 30) +
    path("M180 330 L260 270 L740 270 L660 330 Z", lighten(mix(c, "#ffffff", 0.3), 0.2), EDGE) +
    path("M660 330 L740 270 L740 890 L660 950 Z", darken(mix(c, "#ffffff", 0.1), 0.2), EDGE) +
    rr(180, 330, 480, 620, 6, face, EDGE) +
    rr(230, 370, 380, 430, 24, "#f7f8fa", EDGE) +
    `<g clip-path="${window}"><g transform="translate(420 585) scale(0.44) translate(-450 -640)">${hero(a, c)}</g></g>` +
    rr(230, 370, 380, 430, 24, a.gloss(0.3)) +
    rr(230, 840, 260, 22, 11, contrastOn(c), `fill-opacity=".7"`) +
    rr(230, 882, 170, 16, 8, contrastOn(c), `fill-opacity=".45"`)
  );
}

/** The views of a kind: its drawings, a close-up of the hero, the boxed hero, then the hero turned, 3–5 in all. */
function viewsOf(kind: ArtKind): View[] {
  const art: KindArt = KINDS[kind];
  const views: View[] = [...art.views];
  const hero = art.views[0]!;
  if (art.detail && views.length < 5) {
    const [x, y, zoom] = art.detail;
    views.push(
      (a, c) => `<g transform="translate(450 600) scale(${zoom}) translate(${-x} ${-y})">${hero(a, c)}</g>`,
    );
  }
  if (art.boxed && views.length < 5)
    views.push(
      (a, c) => `<g transform="translate(450 640) scale(1.12) translate(-460 -610)">${boxed(a, c, hero)}</g>`,
    );
  while (views.length < 3) {
    const turn = views.length;
    views.push(
      (a, c) =>
        `<g transform="translate(450 620) rotate(${turn === 1 ? -9 : 9}) scale(${turn === 1 ? -0.9 : 0.84} ${turn === 1 ? 0.9 : 0.84}) translate(-450 -620)">${hero(a, c)}</g>`,
    );
  }
  return views.slice(0, 5);
}

export function viewCount(kind: ArtKind): number {
  return viewsOf(kind).length;
}

export function artKindFor(
  leaf: { section: string; name: string; type?: string },
  productName: string,
): ArtKind {
  const kind = kindForLeaf(leaf, productName);
  return isKind(kind) ? kind : "smartphone";
}

export function colourHex(colourName: string | undefined, kind: ArtKind): string {
  return (colourName && hexOfColourName(colourName)) || KINDS[kind].colour;
}

function backdrop(a: Art): string {
  const wall = a.lin([
    [0, "#f7f8fa"],
    [0.78, "#eceef2"],
    [1, "#e3e6eb"],
  ]);
  const glow = a.rad([
    [0, "#ffffff", 0.95],
    [1, "#ffffff", 0],
  ]);
  return `<rect width="${W}" height="${H}" fill="${wall}"/><ellipse cx="450" cy="560" rx="560" ry="600" fill="${glow}"/>`;
}

/**
 * The margin a card's corners need (ART_VERSION 2): the object shrunk to 84 % towards its floor, so the
 * wishlist heart (40 px at the top right of a 166 px phone card) and the discount badge (top left) cover
 * nothing of it in any kind (art.test.ts measures it). Version 1 drawings, kept for the ids stored before,
 * fill the frame.
 */
const CARD_INSET = "translate(450 1100) scale(0.84) translate(-450 -1100)";

/**
 * A product drawn as its kind, in its colour, from `view`, on the studio backdrop; `inset: false` fills
 * the frame as version 1 did (and as the home page's banners, which have no corners to keep clear).
 */
export function drawProduct(p: { kind: ArtKind; colour: string; view: number; inset?: boolean }): string {
  const views = viewsOf(p.kind);
  const view = views[((p.view % views.length) + views.length) % views.length]!;
  const colour = /^#[0-9a-f]{6}$/i.test(p.colour) ? p.colour.toLowerCase() : KINDS[p.kind].colour;
  const a = new Art(colour);
  const back = backdrop(a);
  const drawn = view(a, colour);
  const body = p.inset === false ? drawn : `<g transform="${CARD_INSET}">${drawn}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${a.defsXml()}${back}${body}</svg>`;
}

/**
 * A shopper's photo of the product for a seeded review (ADR 069): its hero drawing on a household surface,
 * from shot `shot` (0…SHOPPER_PHOTO_SHOTS − 1), in that shot's camera frame.
 */
export function drawShopperPhoto(p: { kind: ArtKind; colour: string; shot: number }): string {
  const colour = /^#[0-9a-f]{6}$/i.test(p.colour) ? p.colour.toLowerCase() : KINDS[p.kind].colour;
  const shot = ((p.shot % SHOPPER_PHOTO_SHOTS) + SHOPPER_PHOTO_SHOTS) % SHOPPER_PHOTO_SHOTS;
  const a = new Art(colour);
  const hero = viewsOf(p.kind)[0]!(a, colour);
  const body = shopperPhoto(a, hero, `${p.kind}/${colour}`, shot);
  const { width, height } = shopperPhotoFrame(shot);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${a.defsXml()}${body}</svg>`;
}

export { SHOPPER_PHOTO_SHOTS, shopperPhotoFrame };

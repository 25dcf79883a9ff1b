import { drawBanner, isBannerScene } from "#server/domain/media/art/banners.ts";
import {
  ART_KINDS,
  type ArtKind,
  drawProduct,
  drawShopperPhoto,
  SHOPPER_PHOTO_SHOTS,
  viewCount,
} from "#server/domain/media/art/index.ts";

const RECIPE = /^([a-zA-Z][a-zA-Z0-9-]{1,40})\/([0-9a-f]{6})\/(\d|1\d)$/;

/**
 * The drawing of a generated picture's recipe (`kind/colour/view`, generated.ts), or undefined when the
 * recipe names no kind, colour or view the drawings have.
 */
export function drawRecipe(recipe: string): string | undefined {
  const match = RECIPE.exec(recipe);
  if (!match) return undefined;
  const [, kind = "", colour = "", view = "0"] = match;
  // The home page's banners (ADR 067): `banner-<scene>/<accent>/0`.
  if (kind.startsWith("banner-")) {
    const scene = kind.slice("banner-".length);
    return isBannerScene(scene) && view === "0" ? drawBanner(scene, `#${colour}`) : undefined;
  }
  // A shopper's photo in a seeded review (ADR 069): `photo-<kind>/<colour>/<shot>`.
  if (kind.startsWith("photo-")) {
    const product = kind.slice("photo-".length);
    const shot = Number(view);
    return isArtKind(product) && shot < SHOPPER_PHOTO_SHOTS
      ? drawShopperPhoto({ kind: product, colour: `#${colour}`, shot })
      : undefined;
  }
  if (!isArtKind(kind)) return undefined;
  const v = Number(view);
  if (v >= viewCount(kind)) return undefined;
  return drawProduct({ kind, colour: `#${colour}`, view: v });
}

const isArtKind = (kind: string): kind is ArtKind => (ART_KINDS as readonly string[]).includes(kind);

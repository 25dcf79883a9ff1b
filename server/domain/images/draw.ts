import { drawBanner, isBannerScene } from "#server/domain/media/art/banners.ts";
import {
  ART_KINDS,
  ART_VERSION,
  type ArtKind,
  drawProduct,
  drawShopperPhoto,
  SHOPPER_PHOTO_SHOTS,
  viewCount,
} from "#server/domain/media/art/index.ts";
import { generatedImageId } from "./generated.ts";

const RECIPE = /^([a-zA-Z][a-zA-Z0-9-]{1,40})\/([0-9a-f]{6})\/(\d|1\d)$/;

/**
 * The drawing of a generated picture's recipe (`kind/colour/view`, generated.ts) as version `version` of
 * the drawings drew it, or undefined when the recipe names no kind, colour or view the drawings have.
 */
export function drawRecipe(recipe: string, version: number = ART_VERSION): string | undefined {
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
  return drawProduct({ kind, colour: `#${colour}`, view: v, inset: version >= 2 });
}

/**
 * The drawing of a stored generated picture: the version of the drawings its id was made with (an id is
 * a hash of the version and the recipe), so an immutable URL keeps its pixels after the drawings change.
 */
export function drawStored(recipe: string, id: string): string | undefined {
  for (let version = ART_VERSION; version >= 1; version--)
    if (generatedImageId(recipe, version) === id) return drawRecipe(recipe, version);
  return undefined;
}

const isArtKind = (kind: string): kind is ArtKind => (ART_KINDS as readonly string[]).includes(kind);

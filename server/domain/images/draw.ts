import { drawBanner, isBannerScene } from "#server/domain/media/art/banners.ts";
import { ART_KINDS, type ArtKind, drawProduct, viewCount } from "#server/domain/media/art/index.ts";

const RECIPE = /^([a-zA-Z][a-zA-Z0-9-]{1,40})\/([0-9a-f]{6})\/(\d)$/;

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
  if (!(ART_KINDS as readonly string[]).includes(kind)) return undefined;
  const v = Number(view);
  if (v >= viewCount(kind as ArtKind)) return undefined;
  return drawProduct({ kind: kind as ArtKind, colour: `#${colour}`, view: v });
}

import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { thumbHashOf } from "./placeholder.ts";

// Pictures the seed draws (ADR 061): a recipe — what to draw, in which colour, from which side — is
// the picture's original; it is rendered from its vector drawing at each width asked for, so a card's
// copy is as sharp as the viewer's.

/** The drawings' frame: 3:4, as marketplace cards are. */
export const GENERATED_SIZE = { width: 900, height: 1200 } as const;

/** `kind/colour/view`, e.g. `smartphone/1f2a44/0`. */
export function recipeOf(kind: string, colourHex: string, view: number): string {
  return `${kind}/${colourHex.replace(/^#/, "").toLowerCase()}/${view}`;
}

/**
 * The id of a generated picture: `g` and 21 characters of a hash of the drawings' version and the recipe
 * (the same 22-character shape as an upload's id). A new version of the drawings is new ids, so the
 * immutable URLs of the old ones are never reused for different pixels.
 */
export function generatedImageId(recipe: string, artVersion: number): string {
  const digest = createHash("sha256").update(`v${artVersion}:${recipe}`).digest("base64url");
  return `g${digest.slice(0, 21)}`;
}

/**
 * The drawing at `width` px wide (its height follows its frame), as a sharp pipeline to encode;
 * `frameWidth` is the drawing's own width (a shopper's landscape photo is wider than a product's frame).
 */
export function renderSvg(svg: string, width: number, frameWidth: number = GENERATED_SIZE.width): Sharp {
  const density = (72 * width) / frameWidth;
  return sharp(Buffer.from(svg), { density }).resize({ width, withoutEnlargement: false });
}

/** The ThumbHash of a drawing, from a copy 32 px wide: enough for its 5 × 7 colour terms, and quick to draw. */
export function generatedThumbHash(svg: string, frameWidth: number = GENERATED_SIZE.width): Promise<string> {
  return thumbHashOf(renderSvg(svg, 32, frameWidth));
}

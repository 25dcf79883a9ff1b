import { drawRecipe } from "#server/domain/images/draw.ts";
import {
  GENERATED_SIZE,
  generatedImageId,
  generatedThumbHash,
  recipeOf,
} from "#server/domain/images/generated.ts";
import {
  ART_VERSION,
  type ArtKind,
  artKindFor,
  colourHex,
  shopperPhotoFrame,
  viewCount,
} from "#server/domain/media/art/index.ts";
import { leafCategories } from "./catalog-tree.ts";
import type { ProductSeed } from "./products.ts";

// The demo catalogue's pictures (issue 22, point 1; ADR 061): each product is drawn as its kind of thing
// (a phone, over-ear headphones, a kettle …) in its own colour, from 3–5 sides. Products of one kind and
// colour share their pictures, so the whole catalogue needs a few hundred drawings, not one per product.

export interface SeedPicture {
  position: number;
  imageId: string;
  recipe: string;
  width: number;
  height: number;
}

const leaves = new Map(leafCategories.map((entry) => [entry.key, entry]));

type PicturedProduct = Pick<ProductSeed, "categoryKey" | "name" | "properties">;

/** What a product is drawn as: its kind of thing and its colour. */
function lookOf(product: PicturedProduct): { kind: ArtKind; colour: string } {
  const entry = leaves.get(product.categoryKey);
  if (!entry) throw new Error(`Unknown category key ${product.categoryKey}`);
  const kind = artKindFor(
    { section: entry.section.key, name: entry.leaf.name, type: entry.leaf.type },
    // The name and the property values: headphones are wired or not, over-ear or buds, by their properties.
    [product.name, ...product.properties.map((p) => p.value)].join(" "),
  );
  const colour = colourHex(product.properties.find((p) => p.code === "color")?.value, kind);
  return { kind, colour };
}

/** A product's pictures, the hero first. */
export function picturesOf(product: PicturedProduct): SeedPicture[] {
  const { kind, colour } = lookOf(product);
  return Array.from({ length: viewCount(kind) }, (_, view) => {
    const recipe = recipeOf(kind, colour, view);
    return { position: view, imageId: generatedImageId(recipe, ART_VERSION), recipe, ...GENERATED_SIZE };
  });
}

/**
 * A seeded review's photos (ADR 069): the product's hero on a household surface, each in the frame it was
 * given (upright, landscape or square) and from a shot no other photo of the review uses. Reviews of one
 * product's kind and colour share these drawings.
 */
export function shopperPhotosOf(
  product: PicturedProduct,
  photos: readonly { width: number; height: number }[],
): SeedPicture[] {
  const { kind, colour } = lookOf(product);
  const used = [0, 0, 0];
  return photos.map((photo, position) => {
    const frame = photo.width < photo.height ? 0 : photo.width > photo.height ? 1 : 2;
    const shot = frame + 3 * ((used[frame] ?? 0) % 4);
    used[frame] = (used[frame] ?? 0) + 1;
    const recipe = recipeOf(`photo-${kind}`, colour, shot);
    return { position, imageId: generatedImageId(recipe, ART_VERSION), recipe, ...shopperPhotoFrame(shot) };
  });
}

const thumbHashes = new Map<string, string>();
const THUMBHASH_AT_ONCE = 4;

/**
 * The placeholder of each picture's recipe, drawn once per process (about 5 ms each): two at a time, as
 * librsvg renders on libuv's threads while the next drawing's string is built.
 */
export async function thumbHashesOf(
  pictures: Iterable<Pick<SeedPicture, "recipe" | "width">>,
): Promise<Map<string, string>> {
  const todo = [...new Map([...pictures].map((p) => [p.recipe, p])).values()];
  const hashOf = async ({ recipe, width }: Pick<SeedPicture, "recipe" | "width">) => {
    let hash = thumbHashes.get(recipe);
    if (hash === undefined) {
      const svg = drawRecipe(recipe);
      if (!svg) throw new Error(`No drawing for ${recipe}`);
      hash = await generatedThumbHash(svg, width);
      thumbHashes.set(recipe, hash);
    }
    return [recipe, hash] as const;
  };
  const out = new Map<string, string>();
  for (let i = 0; i < todo.length; i += THUMBHASH_AT_ONCE) {
    for (const [recipe, hash] of await Promise.all(todo.slice(i, i + THUMBHASH_AT_ONCE).map(hashOf)))
      out.set(recipe, hash);
  }
  return out;
}

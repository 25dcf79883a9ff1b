import { drawRecipe } from "#server/domain/images/draw.ts";
import {
  GENERATED_SIZE,
  generatedImageId,
  generatedThumbHash,
  recipeOf,
} from "#server/domain/images/generated.ts";
import { ART_VERSION, artKindFor, colourHex, viewCount } from "#server/domain/media/art/index.ts";
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

/** A product's pictures, the hero first. */
export function picturesOf(product: Pick<ProductSeed, "categoryKey" | "name" | "properties">): SeedPicture[] {
  const entry = leaves.get(product.categoryKey);
  if (!entry) throw new Error(`Unknown category key ${product.categoryKey}`);
  const kind = artKindFor(
    { section: entry.section.key, name: entry.leaf.name, type: entry.leaf.type },
    // The name and the property values: headphones are wired or not, over-ear or buds, by their properties.
    [product.name, ...product.properties.map((p) => p.value)].join(" "),
  );
  const colour = colourHex(product.properties.find((p) => p.code === "color")?.value, kind);
  return Array.from({ length: viewCount(kind) }, (_, view) => {
    const recipe = recipeOf(kind, colour, view);
    return { position: view, imageId: generatedImageId(recipe, ART_VERSION), recipe, ...GENERATED_SIZE };
  });
}

const thumbHashes = new Map<string, string>();

/** The placeholder of each recipe, drawn once per process (about 1.5 ms each). */
export async function thumbHashesOf(recipes: Iterable<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const recipe of recipes) {
    let hash = thumbHashes.get(recipe);
    if (hash === undefined) {
      const svg = drawRecipe(recipe);
      if (!svg) throw new Error(`No drawing for ${recipe}`);
      hash = await generatedThumbHash(svg);
      thumbHashes.set(recipe, hash);
    }
    out.set(recipe, hash);
  }
  return out;
}

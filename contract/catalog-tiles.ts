import { z } from "zod";

// The catalogue page's picture tiles (issue 22, point 4): its sections, each with its branches, every one
// shown by the hero picture of its most popular product a shopper can buy now.

export const tileImageSchema = z.object({
  /** The picture's base (`/img/<id>`); pages add the width. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().describe("Средний цвет картинки, #rrggbb: фон, пока она грузится"),
});
export type TileImage = z.infer<typeof tileImageSchema>;

export const categoryTileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Null when none of the category's products is in stock with a picture. */
  image: tileImageSchema.nullable(),
});
export type CategoryTile = z.infer<typeof categoryTileSchema>;

export const catalogSectionSchema = categoryTileSchema.extend({
  /** The section's branches (the second level) in the catalogue's order. */
  children: z.array(categoryTileSchema),
});
export type CatalogSection = z.infer<typeof catalogSectionSchema>;

export const catalogTilesSchema = z.object({ items: z.array(catalogSectionSchema) });
export type CatalogTiles = z.infer<typeof catalogTilesSchema>;

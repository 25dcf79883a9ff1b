import type { CatalogTiles, TileImage } from "#contract/catalog-tiles.ts";
import { placeholderColour } from "#server/domain/images/placeholder.ts";

// The catalogue as picture tiles (issue 22, point 4; ADR 061): every section and branch of the tree shown
// by the first picture of its most popular product a shopper can buy now.

export interface CategoryTileRow {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  url: string | null;
  width: number | null;
  height: number | null;
  placeholder: string | null;
}

function tileImage(row: CategoryTileRow): TileImage | null {
  if (!row.url || !row.width || !row.height) return null;
  return {
    url: row.url,
    width: row.width,
    height: row.height,
    placeholder: placeholderColour(row.placeholder ?? ""),
  };
}

/** Flat rows (sections first, each level in order) as sections with their branches. */
export function nestTiles(rows: readonly CategoryTileRow[]): CatalogTiles {
  const sections = new Map<number, CatalogTiles["items"][number]>();
  for (const row of rows) {
    const tile = { id: row.id, name: row.name, slug: row.slug, image: tileImage(row) };
    if (row.parentId === null) sections.set(row.id, { ...tile, children: [] });
    else sections.get(row.parentId)?.children.push(tile);
  }
  return { items: [...sections.values()] };
}

export function createCatalogTilesService(repository: { categoryTiles(): Promise<CategoryTileRow[]> }) {
  return {
    /** The catalogue page's tiles; they move with products (stock and popularity), so read as a listing. */
    async tiles(): Promise<CatalogTiles> {
      return nestTiles(await repository.categoryTiles());
    },
  };
}
export type CatalogTilesService = ReturnType<typeof createCatalogTilesService>;

import { Link } from "react-router";
import { Picture } from "#app/ui/picture.tsx";
import type { CategoryNode } from "#contract/catalog.ts";
import type { CatalogSection } from "#contract/catalog-tiles.ts";
import { categoryUrl } from "#contract/urls.ts";

export function categoryHref(c: Pick<CategoryNode, "id" | "slug">): string {
  return categoryUrl(c);
}

/** Three tiles a row on phones; two sections of three side by side wider (the page is at most 1200 px). */
const TILE_SIZES = "(max-width: 767px) 31vw, (max-width: 1200px) 16vw, 190px";
const TILE_WIDTHS = [160, 240, 320, 480] as const;

/**
 * The whole catalogue as picture tiles, as the marketplaces show it (issue 22, point 4): each section a
 * heading with its branches as tiles, each tile a product of the branch that is in stock and the branch's
 * name. A tile leads to the branch's page, which lists its subcategories.
 */
export function CatalogTiles({ sections }: { sections: CatalogSection[] }) {
  return (
    <div className="catalog-tiles">
      {sections.map((section, i) => (
        <section
          key={section.id}
          className="catalog-tiles__section"
          aria-labelledby={`section-${section.id}`}
        >
          <div className="catalog-tiles__head">
            <h2 id={`section-${section.id}`} className="catalog-tiles__title">
              {section.name}
            </h2>
            <Link
              className="catalog-tiles__all"
              to={categoryHref(section)}
              aria-label={`Все товары раздела «${section.name}»`}
            >
              Все товары
            </Link>
          </div>
          <ul className="catalog-tiles__grid">
            {section.children.map((branch) => (
              <li key={branch.id}>
                <Link className="catalog-tile" to={categoryHref(branch)}>
                  <span className="catalog-tile__picture">
                    {branch.image ? (
                      <Picture
                        image={{ ...branch.image, alt: "" }}
                        alt=""
                        sizes={TILE_SIZES}
                        widths={TILE_WIDTHS}
                        fallbackWidth={240}
                        // The first section is on the first screen of every width.
                        eager={i === 0}
                      />
                    ) : null}
                  </span>
                  <span className="catalog-tile__name">{branch.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The chain of categories from the top down to the one with `id`, or undefined if it is not in the tree. */
export function findCategoryPath(tree: CategoryNode[], id: number): CategoryNode[] | undefined {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findCategoryPath(node.children, id);
    if (below) return [node, ...below];
  }
  return undefined;
}

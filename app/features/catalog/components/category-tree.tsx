import { Link } from "react-router";
import type { CategoryNode } from "#contract/catalog.ts";
import { categoryUrl } from "#contract/urls.ts";

export function categoryHref(c: Pick<CategoryNode, "id" | "slug">): string {
  return categoryUrl(c);
}

/** The whole catalogue as sections with their subcategories; on phones each section folds away. */
export function CategoryTree({ categories }: { categories: CategoryNode[] }) {
  return (
    <div className="category-tree">
      {categories.map((top) => (
        <details key={top.id} className="category-tree__section" open>
          <summary>
            <h2>{top.name}</h2>
          </summary>
          <div className="category-tree__groups">
            {top.children.map((group) => (
              <div key={group.id} className="category-tree__group">
                <h3>
                  <Link to={categoryHref(group)}>{group.name}</Link>
                </h3>
                <ul>
                  {group.children.map((leaf) => (
                    <li key={leaf.id}>
                      <Link to={categoryHref(leaf)}>{leaf.name}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <Link className="category-tree__all" to={categoryHref(top)}>
            Все товары раздела «{top.name}»
          </Link>
        </details>
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

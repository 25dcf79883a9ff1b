import type { CatalogMenu, MenuLink, MenuNode } from "#contract/catalog-menu.ts";
import { catalogMenuUrl, categoryUrl } from "#contract/urls.ts";
import { AppError } from "#server/errors.ts";
import type { CatalogMenuRepository } from "./repository.ts";

export interface MenuRow {
  id: number;
  parentId: number | null;
  title: string;
  categoryId: number | null;
  /** The category's slug; null when the node has no category (or it was deleted). */
  categorySlug: string | null;
}

/** A node leads to its category's page; a pure grouping node to its own menu page. */
export function menuHref(row: Pick<MenuRow, "id" | "categoryId" | "categorySlug">): string {
  return row.categoryId !== null && row.categorySlug !== null
    ? categoryUrl({ id: row.categoryId, slug: row.categorySlug })
    : catalogMenuUrl(row.id);
}

const toLink = (row: MenuRow): MenuLink => ({ id: row.id, title: row.title, href: menuHref(row) });

/** Children by parent id (roots under null), each list in the rows' order. */
function childrenByParent(rows: readonly MenuRow[]): Map<number | null, MenuRow[]> {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId);
    if (list) list.push(row);
    else byParent.set(row.parentId, [row]);
  }
  return byParent;
}

/** The roots with their children and grandchildren; `rows` come in menu order (position, then id). */
export function buildCatalogMenu(rows: readonly MenuRow[]): CatalogMenu {
  const byParent = childrenByParent(rows);
  const under = (id: number | null) => byParent.get(id) ?? [];
  return {
    items: under(null).map((root) => ({
      ...toLink(root),
      children: under(root.id).map((group) => ({
        ...toLink(group),
        children: under(group.id).map(toLink),
      })),
    })),
  };
}

/**
 * One node: the chain from its root, and its children with how many nodes each has under it.
 * `productCounts` maps category ids to their subtree's product count. Undefined for an unknown id.
 */
export function buildMenuNode(
  rows: readonly MenuRow[],
  id: number,
  productCounts: ReadonlyMap<number, number> = new Map(),
): MenuNode | undefined {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const node = byId.get(id);
  if (!node) return undefined;
  const byParent = childrenByParent(rows);
  const ancestors: MenuLink[] = [];
  const seen = new Set([node.id]);
  // The seen set guards against a cycle someone could make by hand in the table.
  for (let p = node.parentId; p !== null && !seen.has(p); ) {
    const parent = byId.get(p);
    if (!parent) break;
    seen.add(p);
    ancestors.unshift(toLink(parent));
    p = parent.parentId;
  }
  return {
    ...toLink(node),
    categoryId: node.categorySlug === null ? null : node.categoryId,
    ancestors,
    children: (byParent.get(node.id) ?? []).map((child) => ({
      ...toLink(child),
      childrenCount: byParent.get(child.id)?.length ?? 0,
      productCount:
        child.categoryId !== null && child.categorySlug !== null
          ? (productCounts.get(child.categoryId) ?? 0)
          : null,
    })),
  };
}

export function createCatalogMenuService(repository: CatalogMenuRepository) {
  return {
    async menu(): Promise<CatalogMenu> {
      return buildCatalogMenu(await repository.listNodes());
    },

    async node(id: number): Promise<MenuNode> {
      const rows = await repository.listNodes();
      const categoryIds = rows
        .filter((r) => r.parentId === id && r.categoryId !== null && r.categorySlug !== null)
        .map((r) => r.categoryId as number);
      // Unknown ids have no children, so the count query is skipped for them.
      const node = buildMenuNode(rows, id, await repository.countProducts([...new Set(categoryIds)]));
      if (!node)
        throw new AppError("not_found", "Раздел каталога не найден", { code: "catalog_menu_node_not_found" });
      return node;
    },
  };
}
export type CatalogMenuService = ReturnType<typeof createCatalogMenuService>;

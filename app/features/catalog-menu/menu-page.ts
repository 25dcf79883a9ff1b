import type { MenuChild, MenuNode } from "#contract/catalog-menu.ts";
import { formatCount } from "#contract/format.ts";
import type { SeoRecord } from "#contract/seo.ts";
import { CATALOG_URL, catalogMenuUrl } from "#contract/urls.ts";

/** A menu page's own address. */
export const menuPageHref = catalogMenuUrl;

/** A child with children of its own opens its menu page; a leaf opens where it leads (its category). */
export function menuChildHref(child: Pick<MenuChild, "id" | "href" | "childrenCount">): string {
  return child.childrenCount > 0 ? menuPageHref(child.id) : child.href;
}

/** "1 234 товара" when the child is a category, else "5 подразделов"; empty when there is nothing to say. */
export function menuChildNote(child: Pick<MenuChild, "productCount" | "childrenCount">): string {
  if (child.productCount !== null) return formatCount(child.productCount, "товар", "товара", "товаров");
  if (child.childrenCount > 0)
    return formatCount(child.childrenCount, "подраздел", "подраздела", "подразделов");
  return "";
}

/** The page's description for search results: what the section holds, in a sentence. */
export function menuPageDescription(node: Pick<MenuNode, "title" | "children">): string {
  const shown = node.children.slice(0, 5).map((c) => c.title.toLowerCase());
  const list =
    shown.length > 0 ? `: ${shown.join(", ")}${node.children.length > shown.length ? " и другое" : ""}` : "";
  return `${node.title} на Витрине${list}. Доставка по всей России, кешбэк баллами и проверенные продавцы.`;
}

/**
 * The SEO record of a menu page. A record from the SEO service is used as it is; the title-only stand-in
 * (every text is the node's title) gets a shop-like title and the breadcrumbs the page shows, so search
 * engines see the same chain as shoppers.
 */
export function menuPageSeo(
  record: SeoRecord,
  node: Pick<MenuNode, "id" | "title" | "ancestors">,
): SeoRecord {
  const titleOnly = record.title === node.title && record.breadcrumbs.length === 0 && !record.description;
  if (!titleOnly) return record;
  const title = `${node.title}: купить с доставкой и кешбэком`;
  return {
    ...record,
    title,
    pageTitle: title,
    breadcrumbs: [
      { name: "Каталог", url: CATALOG_URL },
      ...node.ancestors.map((a) => ({ name: a.title, url: menuPageHref(a.id) })),
      { name: node.title, url: menuPageHref(node.id) },
    ],
  };
}

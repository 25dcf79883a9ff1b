import { categoryNodes } from "./catalog-tree.ts";

export interface MenuNodeSeed {
  key: string;
  parentKey: string | null;
  title: string;
  /** Key of the category the node opens; null for a pure grouping node. */
  categoryKey: string | null;
  depth: number;
  position: number;
}

/** Curated shortcuts shown after the mirrored tree: the categories shoppers open most. */
const POPULAR = [
  "Смартфоны",
  "Ноутбуки",
  "Телевизоры",
  "Кофемашины и кофеварки",
  "Платья",
  "Кроссовки",
  "Конструкторы",
];

function buildMenu(): MenuNodeSeed[] {
  const nodes: MenuNodeSeed[] = categoryNodes.map((c) => ({
    key: c.key,
    parentKey: c.parentKey,
    title: c.name,
    categoryKey: c.key,
    depth: c.depth,
    position: c.position,
  }));
  const sections = categoryNodes.filter((c) => c.depth === 0).length;
  const popularKey = "popular";
  nodes.push({
    key: popularKey,
    parentKey: null,
    title: "Популярное",
    categoryKey: null,
    depth: 0,
    position: sections,
  });
  POPULAR.forEach((name, position) => {
    const category = categoryNodes.find((c) => c.leaf && c.name === name);
    if (!category) throw new Error(`Menu: no leaf category "${name}"`);
    nodes.push({
      key: `${popularKey}.${position}`,
      parentKey: popularKey,
      title: name,
      categoryKey: category.key,
      depth: 1,
      position,
    });
  });
  // Parents before children, so each level can be inserted once its parents have ids.
  return nodes.sort((a, b) => a.depth - b.depth);
}

export const menuNodes: readonly MenuNodeSeed[] = buildMenu();

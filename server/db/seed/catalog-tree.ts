import type { BranchSpec, LeafSpec, SectionKey, SectionSpec } from "./catalog-types.ts";
import { slugify } from "./translit.ts";
import { appliances } from "./tree/appliances.ts";
import { beauty } from "./tree/beauty.ts";
import { electronics } from "./tree/electronics.ts";
import { fashion } from "./tree/fashion.ts";
import { food } from "./tree/food.ts";
import { home } from "./tree/home.ts";
import { kids } from "./tree/kids.ts";
import { sport } from "./tree/sport.ts";

/** The category tree: section → branch → leaf, three levels. Order here is the menu order. */
export const catalogTree: readonly SectionSpec[] = [
  electronics,
  appliances,
  fashion,
  home,
  beauty,
  kids,
  sport,
  food,
];

export interface CategoryNode {
  /** Stable key made of sibling positions, e.g. "0.1.2". */
  key: string;
  parentKey: string | null;
  name: string;
  slug: string;
  /** 0 for sections, 1 for branches, 2 for leaves. */
  depth: number;
  position: number;
  section: SectionKey;
  leaf?: LeafSpec;
}

export interface LeafEntry {
  key: string;
  section: SectionSpec;
  branch: BranchSpec;
  leaf: LeafSpec;
}

function buildNodes(): CategoryNode[] {
  const raw: Omit<CategoryNode, "slug">[] = [];
  catalogTree.forEach((section, i) => {
    raw.push({
      key: `${i}`,
      parentKey: null,
      name: section.name,
      depth: 0,
      position: i,
      section: section.key,
    });
    section.children.forEach((branch, j) => {
      raw.push({
        key: `${i}.${j}`,
        parentKey: `${i}`,
        name: branch.name,
        depth: 1,
        position: j,
        section: section.key,
      });
      branch.children.forEach((leaf, k) => {
        raw.push({
          key: `${i}.${j}.${k}`,
          parentKey: `${i}.${j}`,
          name: leaf.name,
          depth: 2,
          position: k,
          section: section.key,
          leaf,
        });
      });
    });
  });
  // A name used twice ("Джинсы" for women and for men) gets its parent's slug appended on every use,
  // so no slug depends on which sibling happens to come first.
  const nameCounts = new Map<string, number>();
  for (const node of raw) nameCounts.set(node.name, (nameCounts.get(node.name) ?? 0) + 1);
  const byKey = new Map(raw.map((node) => [node.key, node]));
  return raw.map((node) => {
    const parent = node.parentKey ? byKey.get(node.parentKey) : undefined;
    const base = slugify(node.name);
    const slug = (nameCounts.get(node.name) ?? 0) > 1 && parent ? `${base}-${slugify(parent.name)}` : base;
    return { ...node, slug };
  });
}

/** Every category, parents before children, in breadth-first order (the insertion order). */
export const categoryNodes: readonly CategoryNode[] = buildNodes().sort(
  (a, b) => a.depth - b.depth || a.key.localeCompare(b.key, "en", { numeric: true }),
);

export const leafCategories: readonly LeafEntry[] = catalogTree.flatMap((section, i) =>
  section.children.flatMap((branch, j) =>
    branch.children.map((leaf, k) => ({ key: `${i}.${j}.${k}`, section, branch, leaf })),
  ),
);

/** Every brand code any leaf sells, in first-use order. */
export function brandCodesInTree(): string[] {
  const codes = new Set<string>();
  for (const { leaf } of leafCategories) for (const code of leaf.brands) codes.add(code);
  return [...codes];
}

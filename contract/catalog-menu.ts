import { z } from "zod";
import { idParam } from "./id-param.ts";

/**
 * The catalogue menu (`/catalog-menu/{catMenuId}` and the header's mega-menu): a curated tree of nodes,
 * each leading to a category (`/catalog/{id}/{slug}`) or, for a pure grouping node, to its own menu page.
 */
export const menuLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Where the node leads: its category's page, or `/catalog-menu/{id}` when it has no category. */
  href: z.string(),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const menuGroupSchema = menuLinkSchema.extend({
  /** The grandchildren of a root, in menu order. */
  children: z.array(menuLinkSchema),
});
export type MenuGroup = z.infer<typeof menuGroupSchema>;

export const menuRootSchema = menuLinkSchema.extend({
  /** The root's children, each with its own children: the link groups of the mega-menu. */
  children: z.array(menuGroupSchema),
});
export type MenuRoot = z.infer<typeof menuRootSchema>;

/** `GET /api/v1/catalog-menu`: the root nodes three levels deep, everything a mega-menu shows. */
export const catalogMenuSchema = z.object({ items: z.array(menuRootSchema) });
export type CatalogMenu = z.infer<typeof catalogMenuSchema>;

export const menuChildSchema = menuLinkSchema.extend({
  /** How many nodes sit under this one; a node with children has its own menu page. */
  childrenCount: z.number().int(),
  /** Products in the category's whole subtree; null when the node has no category. */
  productCount: z.number().int().nullable(),
});
export type MenuChild = z.infer<typeof menuChildSchema>;

/** `GET /api/v1/catalog-menu/{id}`: one node with the chain above it and its children. */
export const menuNodeSchema = menuLinkSchema.extend({
  /** The category the node opens, or null for a pure grouping node. */
  categoryId: z.number().int().nullable(),
  /** From the root down to the node's parent (empty for a root). */
  ancestors: z.array(menuLinkSchema),
  children: z.array(menuChildSchema),
});
export type MenuNode = z.infer<typeof menuNodeSchema>;

export const menuNodeParamsSchema = z.object({
  id: idParam("Идентификатор раздела меню должен быть целым положительным числом"),
});

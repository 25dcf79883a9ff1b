import { z } from "zod";

export const imageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/** Where a product stands for a shopper; the product page and cards show exactly one of these. */
export const productStateSchema = z.enum(["in_stock", "sold_out", "preorder", "coming_soon"]);
export type ProductState = z.infer<typeof productStateSchema>;

export const productCardSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Kopecks. */
  price: z.number().int(),
  oldPrice: z.number().int().nullable(),
  discountPercent: z.number().int(),
  cashbackPercent: z.number().int(),
  /** Cashback for one unit in kopecks, whole roubles (bonus points are credited in roubles). */
  cashbackAmount: z.number().int(),
  rating: z.number(),
  reviewsCount: z.number().int(),
  state: productStateSchema,
  isOriginal: z.boolean(),
  isTopProfit: z.boolean(),
  orderLimit: z.number().int().nullable(),
  image: imageSchema.nullable(),
  brand: z.object({ code: z.string(), name: z.string() }),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productSortSchema = z.enum(["popular", "price_asc", "price_desc", "new", "rating", "discount"]);
export type ProductSort = z.infer<typeof productSortSchema>;

export const productListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort: productSortSchema.default("popular"),
  categoryId: z.coerce.number().int().positive().optional(),
  brand: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  seller: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productPropertySchema = z.object({ code: z.string(), name: z.string(), value: z.string() });

export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  stock: z.number().int(),
  images: z.array(imageSchema),
  properties: z.array(productPropertySchema),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  seller: z.object({ code: z.string(), name: z.string(), rating: z.number() }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    children: z.array(categoryNodeSchema),
  }),
);
export const categoryTreeQuerySchema = z.object({
  /** How many levels to return from the top; the whole tree by default. */
  depth: z.coerce.number().int().min(1).max(5).default(5),
});
export const categoryTreeSchema = z.object({ items: z.array(categoryNodeSchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const codeParamsSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: "Неверный код" }),
});

export const brandSchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  description: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const sellerSchema = z.object({
  code: z.string(),
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  rating: z.number(),
});
export type Seller = z.infer<typeof sellerSchema>;

import type {
  Brand,
  CategoryNode,
  CategoryTree,
  ProductCard,
  ProductDetail,
  ProductList,
  ProductListQuery,
  ProductState,
  Seller,
} from "../../../contract/catalog.ts";
import { AppError } from "../../errors.ts";
import type { CatalogRepository, ProductCardRow } from "./repository.ts";

export function productState(p: { stock: number; isPreorder: boolean; isComingSoon: boolean }): ProductState {
  if (p.isComingSoon) return "coming_soon";
  if (p.isPreorder) return "preorder";
  return p.stock > 0 ? "in_stock" : "sold_out";
}

export function discountPercent(price: number, oldPrice: number | null): number {
  if (oldPrice === null || oldPrice <= price) return 0;
  return Math.round((100 * (oldPrice - price)) / oldPrice);
}

/** Cashback for one unit, rounded down to whole roubles, in kopecks. */
export function cashbackAmount(price: number, percent: number): number {
  return Math.floor((price * percent) / 100 / 100) * 100;
}

function toCard(row: ProductCardRow): ProductCard {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    price: row.price,
    oldPrice: row.oldPrice,
    discountPercent: discountPercent(row.price, row.oldPrice),
    cashbackPercent: row.cashbackPercent,
    cashbackAmount: cashbackAmount(row.price, row.cashbackPercent),
    rating: Math.round(row.rating * 10) / 10,
    reviewsCount: row.reviewsCount,
    state: productState(row),
    isOriginal: row.isOriginal,
    isTopProfit: row.isTopProfit,
    orderLimit: row.orderLimit,
    image:
      row.imageUrl !== null && row.imageWidth !== null && row.imageHeight !== null
        ? { url: row.imageUrl, width: row.imageWidth, height: row.imageHeight, alt: row.imageAlt ?? row.name }
        : null,
    brand: { code: row.brandCode, name: row.brandName },
  };
}

/** Builds the nested tree from rows ordered parents-first. */
export function buildCategoryTree(
  rows: { id: number; parentId: number | null; name: string; slug: string }[],
): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { id: row.id, name: row.name, slug: row.slug, children: [] };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (row.parentId === null) roots.push(node);
    else parent?.children.push(node);
  }
  return roots;
}

export function createCatalogService(repository: CatalogRepository) {
  return {
    async categoryTree(depth: number): Promise<CategoryTree> {
      return { items: buildCategoryTree(await repository.listCategories(depth)) };
    },

    async listProducts(query: ProductListQuery): Promise<ProductList> {
      const { rows, total } = await repository.listProductCards({
        categoryId: query.categoryId,
        brand: query.brand,
        seller: query.seller,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { items: rows.map(toCard), total, page: query.page, limit: query.limit };
    },

    async getBrand(code: string): Promise<Brand> {
      const brand = await repository.findBrand(code);
      if (!brand) throw new AppError("not_found", "Бренд не найден", { code: "brand_not_found" });
      return brand;
    },

    async getSeller(code: string): Promise<Seller> {
      const seller = await repository.findSeller(code);
      if (!seller) throw new AppError("not_found", "Продавец не найден", { code: "seller_not_found" });
      return { ...seller, rating: Math.round(seller.rating * 10) / 10 };
    },

    async getProduct(id: number): Promise<ProductDetail> {
      const [card, extras] = await Promise.all([
        repository.findProductCard(id),
        repository.findProductExtras(id),
      ]);
      if (!card || !extras) throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
      return {
        ...toCard(card),
        description: extras.description,
        stock: card.stock,
        images: extras.images,
        properties: extras.properties,
        category: { id: extras.categoryId, name: extras.categoryName, slug: extras.categorySlug },
        seller: { code: extras.sellerCode, name: extras.sellerName, rating: extras.sellerRating },
      };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

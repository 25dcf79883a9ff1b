import type {
  Brand,
  CategoryNode,
  CategoryTree,
  ProductCard,
  ProductDetail,
  ProductFacets,
  ProductFacetsQuery,
  ProductList,
  ProductListQuery,
  ProductState,
  PropertyFilterParams,
  ReviewList,
  ReviewListQuery,
  Seller,
} from "#contract/catalog.ts";
import { MAX_FILTER_VALUES, MAX_FILTER_VALUES_TOTAL } from "#contract/catalog.ts";
import { type Kopecks, kopecks } from "#contract/money.ts";
import { placeholderColour, placeholderDataUrl } from "#server/domain/images/placeholder.ts";
import { AppError, type FieldIssue } from "#server/errors.ts";
import { assembleFacets, explainEmpty, withoutCounts } from "./facets.ts";
import {
  activeFilterKeys,
  boundPropertyParams,
  groupProperties,
  type ListingFilter,
  type PropertyFilter,
  parsePropertyParams,
  splitEnumValues,
} from "./facets-filters.ts";
import type { CatalogRepository, ProductCardRow, RepositoryFilter } from "./repository.ts";
import { variantPicker } from "./variants.ts";

/** `hasStock`: whether there are units to sell, as the catalogue keeps it (`products.has_stock`, ADR 048). */

/** A buyer's uploaded photo at the thumbnail's width (ADR 057, 060); a seeded picture as it is. */
export function reviewThumbUrl(url: string): string {
  return url.startsWith("/api/v1/uploads/") && !url.includes("?") ? `${url}?w=160` : url;
}

export function productState(p: {
  hasStock: boolean;
  isPreorder: boolean;
  isComingSoon: boolean;
}): ProductState {
  if (p.isComingSoon) return "coming_soon";
  if (p.isPreorder) return "preorder";
  return p.hasStock ? "in_stock" : "sold_out";
}

export function discountPercent(price: number, oldPrice: number | null): number {
  if (oldPrice === null || oldPrice <= price) return 0;
  return Math.round((100 * (oldPrice - price)) / oldPrice);
}

/** Cashback for one unit, rounded down to whole roubles, in kopecks. */
export function cashbackAmount(price: number, percent: number): Kopecks {
  return kopecks(Math.floor((price * percent) / 100 / 100) * 100);
}

export function toCard(row: ProductCardRow): ProductCard {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    price: kopecks(row.price),
    oldPrice: row.oldPrice === null ? null : kopecks(row.oldPrice),
    discountPercent: discountPercent(row.price, row.oldPrice),
    cashbackPercent: row.cashbackPercent,
    cashbackAmount: cashbackAmount(row.price, row.cashbackPercent),
    rating: Math.round(row.rating * 10) / 10,
    reviewsCount: row.reviewsCount,
    state: productState(row),
    isOriginal: row.isOriginal,
    isTopProfit: row.isTopProfit,
    orderLimit: row.orderLimit,
    installments: row.installments,
    image:
      row.imageUrl !== null && row.imageWidth !== null && row.imageHeight !== null
        ? {
            url: row.imageUrl,
            width: row.imageWidth,
            height: row.imageHeight,
            alt: row.imageAlt ?? row.name,
            placeholder: placeholderColour(row.imagePlaceholder ?? ""),
          }
        : null,
    brand: { code: row.brandCode, name: row.brandName },
    dispatch: row.dispatch
      ? {
          latitude: Number(row.dispatch.latitude),
          longitude: Number(row.dispatch.longitude),
          timezone: row.dispatch.timezone,
          cutoffHour: Number(row.dispatch.cutoffHour),
        }
      : null,
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

/** The highest price a product can have: prices are kopecks in a 32-bit integer column. */
const MAX_KOPECKS = 2_147_483_647;

/**
 * A price bound in kopecks, capped at the highest possible price: "up to 99 999 999 ₽" means every
 * product and "from 99 999 999 ₽" none, exactly as capped, and the bound always fits the column.
 */
const toKopecks = (roubles: number | undefined) =>
  roubles === undefined ? undefined : Math.min(Math.round(roubles * 100), MAX_KOPECKS);

/** A 400 naming every offending parameter, when there is one. */
function invalidIf(issues: FieldIssue[]): void {
  if (issues.length > 0)
    throw new AppError("validation", "Некорректные параметры запроса", {
      code: "invalid_parameters",
      fields: issues,
    });
}

export function createCatalogService(repository: CatalogRepository) {
  /**
   * Resolves codes to ids and checks the property filters against the category's own properties:
   * `query.categoryId`'s, or else `propertiesOf`'s (a category whose properties filter without
   * narrowing the list to it: search's dominant category).
   */
  async function resolveFilter(
    query: ProductFacetsQuery,
    params: PropertyFilterParams,
    propertiesOf?: number,
  ) {
    const brandCodes = query.brand ?? [];
    const sellerCodes = query.seller ?? [];
    // A request's size is checked before it costs a read (ADR 024).
    invalidIf(boundPropertyParams(params));
    const hasCategory = query.categoryId !== undefined;
    const propertyCategory = query.categoryId ?? propertiesOf;
    const context =
      propertyCategory !== undefined || brandCodes.length > 0 || sellerCodes.length > 0
        ? await repository.findListingContext({
            categoryId: propertyCategory,
            brands: brandCodes,
            sellers: sellerCodes,
          })
        : { depth: undefined, categoryIds: undefined, properties: [], brands: [], sellers: [] };
    if (hasCategory && !context.categoryIds)
      throw new AppError("not_found", "Категория не найдена", { code: "category_not_found" });
    const groups = groupProperties(context.properties);
    const parsed = parsePropertyParams(params, groups, propertyCategory !== undefined);
    invalidIf(parsed.issues);
    const properties: PropertyFilter[] = [...parsed.filters];
    if (parsed.enums.length > 0) {
      // Only a filter with a comma can hold a value that has one; the lookup never carries shopper text.
      const withComma = parsed.enums.filter((e) => e.raw.some((r) => r.includes(",")));
      const commaValues = new Set(
        withComma.length === 0
          ? []
          : await repository.findCommaValues(withComma.flatMap((e) => e.propertyIds)),
      );
      const issues: FieldIssue[] = [];
      for (const e of parsed.enums) {
        const values = splitEnumValues(e.raw, commaValues);
        if (values.length > MAX_FILTER_VALUES)
          issues.push({ field: `query.p.${e.code}`, message: `Не больше ${MAX_FILTER_VALUES} значений` });
        properties.push({ code: e.code, kind: "enum", propertyIds: e.propertyIds, values });
      }
      invalidIf(issues);
    }
    const values =
      brandCodes.length +
      sellerCodes.length +
      properties.reduce((n, p) => n + (p.kind === "number" ? 1 : p.values.length), 0);
    if (values > MAX_FILTER_VALUES_TOTAL)
      invalidIf([
        { field: "query", message: `Не больше ${MAX_FILTER_VALUES_TOTAL} значений фильтров в одном запросе` },
      ]);
    const filter: ListingFilter = {
      categoryIds: hasCategory ? context.categoryIds : undefined,
      brandIds: brandCodes.length > 0 ? context.brands.map((b) => b.id) : undefined,
      sellerIds: sellerCodes.length > 0 ? context.sellers.map((s) => s.id) : undefined,
      priceMin: toKopecks(query.priceMin),
      priceMax: toKopecks(query.priceMax),
      inStock: query.inStock ?? false,
      cashback: query.cashback ?? false,
      topProfit: query.topProfit ?? false,
      ratingMin: query.ratingMin,
      properties,
    };
    return { filter, groups, context, hasCategory };
  }

  return {
    /**
     * A listing's filters resolved to ids, for search's results (`propertiesOf`: see resolveFilter); a
     * 400 or 404 as the listing answers them.
     */
    async resolveListing(query: ProductFacetsQuery, params: PropertyFilterParams, propertiesOf?: number) {
      const { filter, groups, hasCategory } = await resolveFilter(query, params, propertiesOf);
      return { filter, groups, hasCategory };
    },

    async categoryTree(depth: number): Promise<CategoryTree> {
      return { items: buildCategoryTree(await repository.listCategories(depth)) };
    },

    /** One page of a listing; `properties` are the `p.<code>` filters of the URL. */
    async listProducts(query: ProductListQuery, properties: PropertyFilterParams = {}): Promise<ProductList> {
      const { filter, groups, hasCategory } = await resolveFilter(query, properties);
      const { rows, total } = await repository.listProductCards({
        ...filter,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const list: ProductList = { items: rows.map(toCard), total, page: query.page, limit: query.limit };
      if (rows.length > 0) return list;
      const activeKeys = activeFilterKeys(filter);
      // Only an empty listing pays for the counts that say which filter to drop.
      const without =
        total === 0 && activeKeys.length > 0
          ? withoutCounts(await repository.facetRows(filter, { ids: [], numberIds: [] }))
          : undefined;
      const empty = explainEmpty({
        total,
        activeKeys,
        without,
        groups,
        page: query.page,
        limit: query.limit,
        hasCategory,
      });
      return empty ? { ...list, empty } : list;
    },

    /**
     * Facets of a listing: for each, the counts with every other active filter applied, so they say
     * what the list would show after one more click.
     */
    async productFacets(
      query: ProductFacetsQuery,
      properties: PropertyFilterParams = {},
      /** Search's results: only products `matching`, the properties of `propertiesOf` (resolveFilter). */
      scope: { matching?: RepositoryFilter; propertiesOf?: number } = {},
    ): Promise<ProductFacets> {
      const resolved = await resolveFilter(query, properties, scope.propertiesOf);
      const { groups, context, hasCategory } = resolved;
      const within = query.within ?? [];
      const filter: ListingFilter = { ...resolved.filter, within };
      // A whole section (say, all of electronics) offers the properties its leaves share; the rest
      // appear once the shopper narrows down. Every one of them still filters, and stays shown when used.
      const shown =
        context.depth === 0
          ? groups.filter((g) => g.categories > 1 || filter.properties.some((p) => p.code === g.code))
          : groups;
      const rows = await repository.facetRows(
        filter,
        {
          ids: shown.flatMap((g) => g.propertyIds),
          numberIds: shown.filter((g) => g.kind === "number").flatMap((g) => g.propertyIds),
        },
        scope.matching,
      );
      const facets = assembleFacets({
        groups: shown,
        filter,
        rows,
        // The page's own brand or seller is no choice of the shopper's: that facet stays empty.
        selection: {
          brands: within.includes("brand") ? [] : context.brands,
          sellers: within.includes("seller") ? [] : context.sellers,
          ratingMin: query.ratingMin,
        },
      });
      const empty = explainEmpty({
        total: facets.total,
        activeKeys: activeFilterKeys(filter),
        without: withoutCounts(rows),
        groups,
        hasCategory,
      });
      return empty ? { ...facets, empty } : facets;
    },

    async getBrand(code: string): Promise<Brand> {
      const brand = await repository.findBrand(code);
      if (!brand) throw new AppError("not_found", "Бренд не найден", { code: "brand_not_found" });
      return brand;
    },

    async getSeller(code: string): Promise<Seller> {
      const seller = await repository.findSeller(code);
      if (!seller) throw new AppError("not_found", "Продавец не найден", { code: "seller_not_found" });
      return {
        ...seller,
        rating: Math.round(seller.rating * 10) / 10,
        ordersCount: Number(seller.ordersCount),
        productsCount: Number(seller.productsCount),
      };
    },

    async reviews(productId: number, query: ReviewListQuery): Promise<ReviewList> {
      const withPhotos = query.withPhotos === true;
      const [card, page] = await Promise.all([
        repository.findProductCard(productId),
        repository.listReviews(
          productId,
          query.sort,
          query.limit,
          (query.page - 1) * query.limit,
          withPhotos,
        ),
      ]);
      if (!card) throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
      // One query for the whole page's photos, never one per review.
      const photos = await repository.listReviewPhotos(page.items.map((r) => r.id));
      const photosByReview = new Map<number, ReviewList["items"][number]["photos"]>();
      for (const { reviewId, ...stored } of photos) {
        const photo = { ...stored, thumbUrl: reviewThumbUrl(stored.url) };
        const list = photosByReview.get(reviewId);
        if (list) list.push(photo);
        else photosByReview.set(reviewId, [photo]);
      }
      const byRating = new Map(page.distribution.map((d) => [d.rating, d.count]));
      const distribution = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: byRating.get(rating) ?? 0 }));
      const all = distribution.reduce((n, d) => n + d.count, 0);
      const withPhotosCount = page.distribution.reduce((n, d) => n + d.withPhotos, 0);
      const average =
        all === 0
          ? 0
          : Math.round((distribution.reduce((n, d) => n + d.rating * d.count, 0) / all) * 10) / 10;
      return {
        items: page.items.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          photos: photosByReview.get(r.id) ?? [],
        })),
        total: withPhotos ? withPhotosCount : all,
        page: query.page,
        limit: query.limit,
        average,
        distribution,
        withPhotosCount,
      };
    },

    async getProduct(id: number): Promise<ProductDetail> {
      const [card, extras, line] = await Promise.all([
        repository.findProductCard(id),
        repository.findProductExtras(id),
        repository.findModelLine(id),
      ]);
      if (!card || !extras) throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
      return {
        ...toCard(card),
        description: extras.description,
        stock: extras.stock,
        // The gallery leads with its first picture: its blurred stand-in, the rest their colours.
        images: extras.images.map(({ placeholder, ...image }, i) => ({
          ...image,
          placeholder: placeholderColour(placeholder),
          ...(i === 0 ? { blur: placeholderDataUrl(placeholder) } : {}),
        })),
        properties: extras.properties,
        category: { id: extras.categoryId, name: extras.categoryName, slug: extras.categorySlug },
        seller: {
          code: extras.sellerCode,
          name: extras.sellerName,
          rating: extras.sellerRating,
          ordersCount: Number(extras.sellerOrders),
          productsCount: Number(extras.sellerProducts),
        },
        variants: variantPicker(
          id,
          line.map((row) => ({ id: row.id, state: productState(row), properties: row.properties })),
        ),
      };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

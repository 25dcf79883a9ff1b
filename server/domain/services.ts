import { TAG } from "../cache/catalog-changes.ts";
import { cacheReads } from "../cache/memoize.ts";
import type { ReadCache } from "../cache/read-cache.ts";
import type { Database } from "../db/client.ts";
import { createCatalogRepository } from "./catalog/repository.ts";
import { createCatalogService } from "./catalog/service.ts";
import { createCatalogMenuRepository } from "./catalog-menu/repository.ts";
import { createCatalogMenuService } from "./catalog-menu/service.ts";
import { createContentRepository } from "./content/repository.ts";
import { createContentService } from "./content/service.ts";
import { createGeoRepository } from "./geo/repository.ts";
import { createGeoService } from "./geo/service.ts";
import { createMediaService } from "./media/service.ts";
import { createRecentSearchesRepository } from "./recent-searches/repository.ts";
import { createRecentSearchesService } from "./recent-searches/service.ts";
import { createReferenceRepository } from "./reference/repository.ts";
import { createReferenceService } from "./reference/service.ts";
import { createRoutingRepository } from "./routing/repository.ts";
import { createRoutingService } from "./routing/service.ts";
import { createSearchRepository } from "./search/repository.ts";
import { createSearchService } from "./search/service.ts";
import { createSitemapRepository } from "./seo/repository.ts";
import { createSitemapService } from "./seo/sitemap-service.ts";
import { createViewedRepository } from "./viewed/repository.ts";
import { createViewedService } from "./viewed/service.ts";

export interface ServiceOptions {
  /**
   * In-process cache for catalogue and reference reads. Keep it in step with the database with
   * `watchCatalogChanges` (server/cache/catalog-changes.ts); scripts that only write pass none.
   */
  cache?: ReadCache;
}

const listing = () => [TAG.catalog, TAG.listing];
const catalogOnly = () => [TAG.catalog];

/** Wires repositories into services; the HTTP layer and scripts get everything from here. */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const catalogRepository = createCatalogRepository(db);
  const cached = <S extends object>(service: S, wrap: (cache: ReadCache, service: S) => S): S =>
    options.cache ? wrap(options.cache, service) : service;
  return {
    catalog: cached(createCatalogService(catalogRepository), (cache, service) =>
      cacheReads(service, cache, "catalog", {
        categoryTree: listing,
        listProducts: listing,
        productFacets: listing,
        getBrand: catalogOnly,
        getSeller: catalogOnly,
        getProduct: (id) => [TAG.catalog, TAG.product(id)],
        reviews: (productId) => [TAG.catalog, TAG.product(productId)],
      }),
    ),
    catalogMenu: cached(createCatalogMenuService(createCatalogMenuRepository(db)), (cache, service) =>
      // A node's children carry product counts, so product changes drop it with the listings.
      cacheReads(service, cache, "catalogMenu", { menu: catalogOnly, node: listing }),
    ),
    content: cached(createContentService(createContentRepository(db)), (cache, service) =>
      cacheReads(service, cache, "content", { page: catalogOnly, pages: catalogOnly }),
    ),
    geo: createGeoService(createGeoRepository(db)),
    media: createMediaService(catalogRepository),
    recentSearches: createRecentSearchesService(createRecentSearchesRepository(db)),
    reference: cached(createReferenceService(createReferenceRepository(db)), (cache, service) =>
      cacheReads(service, cache, "reference", { dictionary: catalogOnly, options: catalogOnly }),
    ),
    routing: createRoutingService(createRoutingRepository(db)),
    search: cached(createSearchService(createSearchRepository(db)), (cache, service) =>
      cacheReads(service, cache, "search", { search: listing, suggest: listing }),
    ),
    // The index's shard list scans every product id (~0.3 s on 100k); the shards themselves stream.
    sitemap: cached(createSitemapService(createSitemapRepository(db)), (cache, service) =>
      cacheReads(service, cache, "sitemap", { shards: listing }),
    ),
    viewed: createViewedService(createViewedRepository(db)),
  };
}
export type Services = ReturnType<typeof createServices>;

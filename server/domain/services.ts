import type { Database } from "../db/client.ts";
import { createCatalogRepository } from "./catalog/repository.ts";
import { createCatalogService } from "./catalog/service.ts";
import { createContentRepository } from "./content/repository.ts";
import { createContentService } from "./content/service.ts";
import { createGeoRepository } from "./geo/repository.ts";
import { createGeoService } from "./geo/service.ts";
import { createMediaService } from "./media/service.ts";
import { createReferenceRepository } from "./reference/repository.ts";
import { createReferenceService } from "./reference/service.ts";
import { createRoutingRepository } from "./routing/repository.ts";
import { createRoutingService } from "./routing/service.ts";
import { createSearchRepository } from "./search/repository.ts";
import { createSearchService } from "./search/service.ts";
import { createViewedRepository } from "./viewed/repository.ts";
import { createViewedService } from "./viewed/service.ts";

/** Wires repositories into services; the HTTP layer and scripts get everything from here. */
export function createServices(db: Database) {
  const catalogRepository = createCatalogRepository(db);
  return {
    catalog: createCatalogService(catalogRepository),
    content: createContentService(createContentRepository(db)),
    geo: createGeoService(createGeoRepository(db)),
    media: createMediaService(catalogRepository),
    reference: createReferenceService(createReferenceRepository(db)),
    routing: createRoutingService(createRoutingRepository(db)),
    search: createSearchService(createSearchRepository(db)),
    viewed: createViewedService(createViewedRepository(db)),
  };
}
export type Services = ReturnType<typeof createServices>;

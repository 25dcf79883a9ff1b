import type { BannerTheme } from "#contract/merchandising.ts";
import { TAG } from "#server/cache/catalog-changes.ts";
import { cacheReads, noteReads, type ReadTags } from "#server/cache/memoize.ts";
import type { ReadCache } from "#server/cache/read-cache.ts";
import type { Database } from "#server/db/client.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { createAddressesRepository } from "#server/domain/addresses/repository.ts";
import { createAddressesService } from "#server/domain/addresses/service.ts";
import { createAuditRepository } from "#server/domain/audit/repository.ts";
import { createBankSignInRepository } from "#server/domain/bank-sign-in/repository.ts";
import { type BankSignInOptions, createBankSignInService } from "#server/domain/bank-sign-in/service.ts";
import { createBasketRepository } from "#server/domain/basket/repository.ts";
import { createBasketService, optionMaxItems } from "#server/domain/basket/service.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { createBonusService } from "#server/domain/bonus/service.ts";
import { createCashbackService } from "#server/domain/cashback/maturation.ts";
import { createCashbackRepository } from "#server/domain/cashback/repository.ts";
import { createCatalogRepository } from "#server/domain/catalog/repository.ts";
import { createCatalogService } from "#server/domain/catalog/service.ts";
import { createCatalogTilesService } from "#server/domain/catalog/tiles.ts";
import { createCatalogMenuRepository } from "#server/domain/catalog-menu/repository.ts";
import { createCatalogMenuService } from "#server/domain/catalog-menu/service.ts";
import { createContentRepository } from "#server/domain/content/repository.ts";
import { createContentService } from "#server/domain/content/service.ts";
import { createDadataClient, type DadataSettings } from "#server/domain/delivery/dadata.ts";
import { createDadataLookup, withStandInFallback } from "#server/domain/delivery/dadata-lookup.ts";
import { createDeliveryRepository } from "#server/domain/delivery/repository.ts";
import { createDeliveryService, type DeliveryServiceOptions } from "#server/domain/delivery/service.ts";
import { createSuggestService } from "#server/domain/delivery/suggest-service.ts";
import { createGeoRepository } from "#server/domain/geo/repository.ts";
import { createGeoService } from "#server/domain/geo/service.ts";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import { drawStored } from "#server/domain/images/draw.ts";
import { createImagesRepository } from "#server/domain/images/repository.ts";
import { createImagesService } from "#server/domain/images/service.ts";
import { createStockDeskRepository } from "#server/domain/inventory/repository.ts";
import { createStockDeskService } from "#server/domain/inventory/service.ts";
import { createMediaService } from "#server/domain/media/service.ts";
import { createBannersService } from "#server/domain/merchandising/banners-service.ts";
import { createProductPhotosService } from "#server/domain/merchandising/photos-service.ts";
import { createMerchandisingRepository } from "#server/domain/merchandising/repository.ts";
import { createRefundsRepository } from "#server/domain/order-refunds/repository.ts";
import { createOrderNotificationsRepository } from "#server/domain/order-sms/repository.ts";
import { createOrderSmsService } from "#server/domain/order-sms/sms.ts";
import { ordersContext } from "#server/domain/orders/context.ts";
import { courierSlotPolicy } from "#server/domain/orders/courier-slots.ts";
import { createOrdersRepository } from "#server/domain/orders/repository.ts";
import { createOrdersService, type OrdersOptions } from "#server/domain/orders/service.ts";
import { createPaymentProblemsRepository } from "#server/domain/payment-problems/repository.ts";
import { createPaymentProblemsService } from "#server/domain/payment-problems/service.ts";
import { createPhoneCodesRepository } from "#server/domain/phone-sign-in/repository.ts";
import { createPhoneCodesService, type PhoneSignInOptions } from "#server/domain/phone-sign-in/service.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import { createSmsRuGateway } from "#server/domain/phone-sign-in/sms-ru-gateway.ts";
import { createProfileRepository } from "#server/domain/profile/repository.ts";
import { createProfileService } from "#server/domain/profile/service.ts";
import { createPurchasesRepository } from "#server/domain/purchases/repository.ts";
import { createPurchasesService } from "#server/domain/purchases/service.ts";
import { createQuestionsRepository } from "#server/domain/questions/repository.ts";
import { createQuestionsService } from "#server/domain/questions/service.ts";
import { createRecentSearchesRepository } from "#server/domain/recent-searches/repository.ts";
import { createRecentSearchesService } from "#server/domain/recent-searches/service.ts";
import { createRecipientsRepository } from "#server/domain/recipients/repository.ts";
import { createRecipientsService } from "#server/domain/recipients/service.ts";
import { createReferenceRepository } from "#server/domain/reference/repository.ts";
import { createReferenceService } from "#server/domain/reference/service.ts";
import { createReturnsRepository } from "#server/domain/returns/repository.ts";
import { createReturnsService } from "#server/domain/returns/service.ts";
import { createReviewsRepository } from "#server/domain/reviews/repository.ts";
import { createReviewsService } from "#server/domain/reviews/service.ts";
import { createRoutingRepository } from "#server/domain/routing/repository.ts";
import { createRoutingService } from "#server/domain/routing/service.ts";
import { createSearchRepository } from "#server/domain/search/repository.ts";
import { createSearchService } from "#server/domain/search/service.ts";
import { createSitemapRepository } from "#server/domain/seo/repository.ts";
import { createSitemapService } from "#server/domain/seo/sitemap-service.ts";
import { createSmsOutboxRepository } from "#server/domain/sms-outbox/repository.ts";
import { createStaffRepository } from "#server/domain/staff/repository.ts";
import { createStaffService } from "#server/domain/staff/service.ts";
import { createStockAlertsRepository } from "#server/domain/stock-alerts/repository.ts";
import { createStockAlertsService } from "#server/domain/stock-alerts/service.ts";
import { createSupportRepository } from "#server/domain/support/repository.ts";
import { createSupportService } from "#server/domain/support/service.ts";
import { createUploadsRepository } from "#server/domain/uploads/repository.ts";
import { createUploadsService, type UploadsOptions } from "#server/domain/uploads/service.ts";
import { createDiskStorage, createS3Storage, type S3Settings } from "#server/domain/uploads/storage.ts";
import { createViewedRepository } from "#server/domain/viewed/repository.ts";
import { createViewedService } from "#server/domain/viewed/service.ts";
import { createVisitorMergeRepository } from "#server/domain/visitor-merge/repository.ts";
import { createVisitorMergeService } from "#server/domain/visitor-merge/service.ts";
import { createWishlistRepository } from "#server/domain/wishlist/repository.ts";
import { createWishlistService } from "#server/domain/wishlist/service.ts";
import type { Logger } from "#server/logger.ts";
import { paths } from "#server/paths.ts";
import { createBankStandInRepository } from "#server/stand-ins/bank/repository.ts";
import { type BankStandInOptions, createBankStandIn } from "#server/stand-ins/bank/stand-in.ts";
import { welcomeDemoCustomers } from "#server/stand-ins/bank/welcome.ts";
import { createStandInSmsGateway } from "#server/stand-ins/sms/gateway.ts";
import { type AcquirerOptions, createAcquirer } from "./acquirer.ts";

export interface ServiceOptions {
  /**
   * Where the catalogue's reads go (catalogue, search, menus, content, routing, the sitemap): the streaming
   * replicas' router when DATABASE_REPLICA_URL names any (ADR 070); `db` otherwise. Everything personal,
   * every write and the back office stay on `db`.
   */
  readDb?: Database;
  /**
   * In-process cache for catalogue and reference reads. Keep it in step with the database with
   * `watchCatalogChanges` (server/cache/catalog-changes.ts); scripts that only write pass none.
   */
  cache?: ReadCache;
  /** Whether the cache may answer now (server/cache/index.ts: `Caches.trusted`); reads bypass it when not. */
  cacheTrusted?: () => boolean;
  /** Sign-in by SMS code: key, gateway, limits' Redis, logger (phone-sign-in/service.ts); defaults for scripts and tests. */
  phoneSignIn?: PhoneSignInOptions;
  /**
   * Sign-in through the bank (ADR 029): a real bank's settings, else the built-in stand-in; the logger,
   * the stand-in's limits' Redis, and a test's HTTP client.
   */
  bankSignIn?: Pick<BankSignInOptions, "bank" | "logger" | "fetch" | "clock"> &
    Pick<BankStandInOptions, "redis">;
  /**
   * Address suggestions and geocoding (ADR 064): a DaData account when its key is set, else the stand-in
   * street register alone; the logger that notes a fallback, a test's HTTP client.
   */
  suggest?: { dadata?: DadataSettings | undefined; logger?: Pick<Logger, "warn">; fetch?: typeof fetch };
  /** Pickup points, sellers' delivery and courier windows (ADR 036): a test's clock. */
  delivery?: DeliveryServiceOptions;
  /** The acquirer (ADR 037): a real T-Bank terminal's settings, else the built-in stand-in at /acquirer. */
  acquirer?: AcquirerOptions;
  /** Orders and payment (ADR 040): the acquirer, the payment timeout, the courier windows, a test's clock. */
  orders?: Partial<Omit<OrdersOptions, "maxItems">>;
  /**
   * Uploaded photos (ADR 057): the folder (default `.data/uploads`) or, when given, the S3 bucket; a
   * test's byte cap and review visibility.
   */
  uploads?: { dir?: string; s3?: S3Settings | undefined } & Partial<Omit<UploadsOptions, "storage">>;
  /**
   * The shop's public origin for links in SMS (a product's page): PUBLIC_ORIGIN, else this server's own
   * address (ADR 066).
   */
  origin?: string;
  /** Catalogue pictures (ADR 061): the folder their made copies are kept in (default `.data/image-cache`). */
  images?: { cacheDir?: string };
}

/** Links in SMS when no origin is given (scripts, tests): the default local server. */
const DEFAULT_ORIGIN = "http://localhost:3000";

const listing = () => [TAG.catalog, TAG.listing];
const catalogOnly = () => [TAG.catalog];

/**
 * Every service call notes the data it reads (server/cache/read-tags.ts), so a cached page is dropped
 * exactly when something it showed changes. Methods not named in a service's tags count as reading
 * products in general (`listing`): the safe default for reads added later.
 */
const TAGS = {
  catalog: {
    // Names and slugs only: no product counts, so product changes leave it.
    categoryTree: catalogOnly,
    listProducts: listing,
    productFacets: listing,
    getBrand: catalogOnly,
    getSeller: catalogOnly,
    getProduct: (id: number) => [TAG.catalog, TAG.product(id)],
    reviews: (productId: number) => [TAG.catalog, TAG.product(productId)],
  },
  // Each tile is the picture of a branch's most popular product in stock: it moves with products.
  catalogTiles: { tiles: listing },
  // A node's children carry product counts, so product changes drop it with the listings.
  catalogMenu: { menu: catalogOnly, node: listing },
  content: { page: catalogOnly, pages: catalogOnly },
  reference: { dictionary: catalogOnly, options: catalogOnly },
  search: { search: listing, suggest: listing, facets: listing },
  sitemap: { shards: listing },
  // Cities (migration 0031 announces their changes); a typed search of the city picker is not kept.
  geo: {
    listCities: catalogOnly,
    currentCity: catalogOnly,
    defaultCity: catalogOnly,
    getCity: catalogOnly,
    confirmCity: catalogOnly,
  },
} as const;

/**
 * The shop's SMS gateway, for sign-in codes and the order's news alike: the caller's own, SMS.ru when it is
 * configured, else the stand-in gateway, which writes the outbox and the log and sends nothing (commerce.md:
 * a stand-in never runs beside a real one).
 */
function createSmsGateway(db: Database, options: PhoneSignInOptions = {}): SmsGateway {
  const { recordSms } = createPhoneCodesRepository(db);
  if (options.gateway) return options.gateway;
  if (options.smsRu) return createSmsRuGateway(options.smsRu, recordSms);
  return createStandInSmsGateway(recordSms, options.logger);
}

/** DaData with the stand-in street register behind it when a key is given, else the stand-in (ADR 035, 064). */
function createAddressLookup(db: Database, options: ServiceOptions["suggest"] = {}) {
  const repository = createDeliveryRepository(db);
  const standIn = createSuggestService(repository);
  if (!options.dadata) return standIn;
  const dadata = createDadataLookup(createDadataClient(options.dadata, options.fetch), repository);
  return withStandInFallback(dadata, standIn, options.logger);
}

/**
 * The composition root of the services: wires repositories into services, and the stand-ins (server/stand-ins)
 * in place of the outside parties that are not configured. The HTTP layer and scripts get everything from
 * here; nothing under server/domain knows the stand-ins (biome.json forbids the import).
 */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const readDb = options.readDb ?? db;
  const catalogRepository = createCatalogRepository(readDb);
  /** A service whose reads note their tags (read-tags.ts); `listing` for any method not named. */
  const noted = <S extends object>(service: S, tags: Partial<ReadTags<S>> = {}) =>
    noteReads(service, tags, listing);
  /** A service whose named reads are also shared through the in-process cache, when there is one. */
  const shared = <S extends object, K extends keyof S>(namespace: string, service: S, tags: ReadTags<S, K>) =>
    noted(
      options.cache ? cacheReads(service, options.cache, namespace, tags, options.cacheTrusted) : service,
      tags as unknown as Partial<ReadTags<S>>,
    );
  const sms = createSmsGateway(db, options.phoneSignIn);
  const phoneCodes = createPhoneCodesService(createPhoneCodesRepository(db), {
    ...options.phoneSignIn,
    gateway: sms,
  });
  const bank = options.bankSignIn ?? {};
  // The built-in bank runs only when no real one is configured (commerce.md: a stand-in never runs then).
  const bankStandIn = bank.bank
    ? undefined
    : createBankStandIn(createBankStandInRepository(db), { logger: bank.logger, redis: bank.redis });
  // The real T-Bank when configured, else the stand-in acquirer under /acquirer of this server (ADR 037).
  const payments = createAcquirer(db, options.acquirer);
  const reference = shared(
    "reference",
    createReferenceService(createReferenceRepository(db)),
    TAGS.reference,
  );
  // Cities through the cache: the basket reads the city on every change for its delivery dates.
  const geo = shared("geo", createGeoService(createGeoRepository(db)), TAGS.geo);

  const photoStorage = options.uploads?.s3
    ? createS3Storage(options.uploads.s3)
    : createDiskStorage(options.uploads?.dir ?? `${paths.data}/uploads`);
  // Reviews from buyers (ADR 060): a review, its photos and the product's rating in one transaction;
  // operators' hiding audited. Its photos are public while the review is published.
  const reviews = createReviewsService(
    createUnitOfWork(db, (x) => ({
      reviews: createReviewsRepository(x),
      audit: createAuditRepository(x),
      uploads: createUploadsRepository(x),
    })),
  );
  // Personal, never cached; a change locks the basket row, checks every rule and moves the version (ADR 038).
  // Photos of refunds, appeals and reviews: stored whole or not at all, seen by owner and staff (ADR 057).
  const uploads = createUploadsService(createUploadsRepository(db), {
    reviewIsPublic: reviews.isPublic,
    ...options.uploads,
    storage: photoStorage,
  });
  const ordersWork = createUnitOfWork(db, (x) => ({
    orders: createOrdersRepository(x),
    bonus: createBonusRepository(x),
    notifications: createOrderNotificationsRepository(x),
    audit: createAuditRepository(x),
    refunds: createRefundsRepository(x),
    returns: createReturnsRepository(x),
    cashback: createCashbackRepository(x),
    uploads: createUploadsRepository(x),
  }));
  const ordersOptions: OrdersOptions = {
    paymentTimeoutMin: 20,
    maxUnpaidOrders: 3,
    slots: courierSlotPolicy,
    acquirer: payments.acquirer,
    ...options.orders,
    maxItems: async () => optionMaxItems((await reference.options()).items),
  };
  const basket = createBasketService(createUnitOfWork(db, createBasketRepository), {
    maxItems: async () => optionMaxItems((await reference.options()).items),
    currentCity: async (chosenId) => (await geo.currentCity(chosenId)).city,
    defaultCity: () => geo.defaultCity(),
  });
  const merchandisingWork = createUnitOfWork(db, (x) => ({
    merchandising: createMerchandisingRepository(x),
    audit: createAuditRepository(x),
  }));
  const banners = createBannersService(merchandisingWork);
  return {
    // The acquirer the orders pay through (T-Bank protocol) and, without a real one, its stand-in (ADR 037).
    acquirer: payments.acquirer,
    acquirerStandIn: payments.standIn,
    // The shopper's delivery addresses: personal, never cached; writes lock the user (ADR 031).
    addresses: createAddressesService(createUnitOfWork(db, createAddressesRepository)),
    // Personal, never cached: flows, accounts found or made, pending imports (ADR 029, 030).
    bankSignIn: createBankSignInService(createBankSignInRepository(db), {
      ...bank,
      inProcessBank: bankStandIn,
      // The stand-in's demo customers start with points (ADR 040); a real bank's customers never do.
      afterSignIn: bankStandIn && welcomeDemoCustomers(createUnitOfWork(db, createBonusRepository)),
    }),
    bankStandIn,
    basket,
    // The points account's reads (the «Баллы» page); the ledger is written by orders.
    bonus: createBonusService(createBonusRepository(db)),
    // What the shopper has received and «Купить снова», through the basket's own rules (issue 20).
    purchases: createPurchasesService(createPurchasesRepository(db), basket),
    catalog: shared("catalog", createCatalogService(catalogRepository), TAGS.catalog),
    // The catalogue page's picture tiles (issue 22, point 4).
    catalogTiles: shared("catalogTiles", createCatalogTilesService(catalogRepository), TAGS.catalogTiles),
    // Personal, never cached: placement, payment and expiry, each a transaction with conditional updates (ADR 040).
    orders: createOrdersService(ordersWork, ordersOptions),
    // Returns of delivered goods (ADR 059): on the orders' unit of work, their money through its refund job.
    returns: createReturnsService(ordersContext(ordersWork, ordersOptions)),
    // The order's SMS, queued by its events, sent by the `order-sms` job through the same gateway (ADR 055).
    orderSms: createOrderSmsService(createOrderNotificationsRepository(db), sms, options.orders?.logger),
    // Pending cashback made spendable after the return window, by the `release-cashback` job (ADR 055).
    cashback: createCashbackService(
      createUnitOfWork(db, (x) => ({
        cashback: createCashbackRepository(x),
        bonus: createBonusRepository(x),
      })),
      { now: options.orders?.now, logger: options.orders?.logger },
    ),
    catalogMenu: shared(
      "catalogMenu",
      createCatalogMenuService(createCatalogMenuRepository(readDb)),
      TAGS.catalogMenu,
    ),
    content: shared("content", createContentService(createContentRepository(readDb)), TAGS.content),
    // Pickup points, sellers' delivery dates and courier windows: public reads, never cached in process (ADR 036).
    delivery: createDeliveryService(createDeliveryRepository(db), options.delivery),
    // DaData when DADATA_API_KEY is set, falling back to the stand-in register (ADR 064); else the stand-in alone.
    suggest: createAddressLookup(db, options.suggest),
    // Cities and redirects: reference data, dropped with any non-product change.
    geo,
    // Sessions and accounts: personal, never cached.
    identity: createIdentityService(createIdentityRepository(db)),
    // The back office: operators and admins, every change in the audit log (ADR 051).
    staff: createStaffService(
      createUnitOfWork(db, (x) => ({ staff: createStaffRepository(x), audit: createAuditRepository(x) })),
    ),
    audit: createAuditRepository(db),
    // The back office's operations (issue 20, points 7, 9, 10): each action with its audit row.
    paymentProblems: createPaymentProblemsService(
      createUnitOfWork(db, (x) => ({
        problems: createPaymentProblemsRepository(x),
        audit: createAuditRepository(x),
      })),
    ),
    stockDesk: createStockDeskService(
      createUnitOfWork(db, (x) => ({ stock: createStockDeskRepository(x), audit: createAuditRepository(x) })),
    ),
    smsOutbox: createSmsOutboxRepository(db),
    // Support appeals (ADR 058): operators' actions audited; an answer's SMS goes through the same gateway.
    support: createSupportService(
      createUnitOfWork(db, (x) => ({
        support: createSupportRepository(x),
        audit: createAuditRepository(x),
        uploads: createUploadsRepository(x),
      })),
      sms,
    ),
    media: noted(createMediaService(catalogRepository)),
    // Sign-in codes: personal, never cached.
    phoneCodes,
    // The shopper's own profile: personal, never cached; a phone change spends a code of phoneCodes.
    profile: createProfileService(createProfileRepository(db), phoneCodes),
    // The shopper's recipients: personal, never cached; writes lock the user (ADR 031).
    recipients: createRecipientsService(createUnitOfWork(db, createRecipientsRepository)),
    reviews,
    // Questions about a product (ADR 066): operators' answers and hiding audited; an answer texts its author.
    questions: createQuestionsService(
      createUnitOfWork(db, (x) => ({
        questions: createQuestionsRepository(x),
        audit: createAuditRepository(x),
      })),
      sms,
      { origin: options.origin ?? DEFAULT_ORIGIN },
    ),
    // «Сообщить о поступлении» (ADR 066): the `back-in-stock` job texts each waiting shopper once.
    stockAlerts: createStockAlertsService(
      createUnitOfWork(db, (x) => ({ alerts: createStockAlertsRepository(x) })),
      sms,
      { origin: options.origin ?? DEFAULT_ORIGIN },
    ),
    recentSearches: noted(createRecentSearchesService(createRecentSearchesRepository(db))),
    reference,
    routing: noted(createRoutingService(createRoutingRepository(readDb)), { rulesFor: catalogOnly }),
    // Filters and facets of results through the catalogue's own rules (its service, not the cached one).
    search: shared(
      "search",
      createSearchService(createSearchRepository(readDb), {
        catalog: createCatalogService(catalogRepository),
      }),
      TAGS.search,
    ),
    // The index's shard list scans every product id (~0.3 s on 100k); the shards themselves stream.
    sitemap: shared("sitemap", createSitemapService(createSitemapRepository(readDb)), TAGS.sitemap),
    // Recording a view checks, inserts and trims in one transaction (a unit of work).
    viewed: noted(createViewedService(createUnitOfWork(db, createViewedRepository))),
    // Sign-in moves the visitor's wishlist, views, searches and basket lines to the user in one transaction.
    visitorMerge: createVisitorMergeService(createUnitOfWork(db, createVisitorMergeRepository)),
    uploads,
    // Catalogue pictures (ADR 061): originals stored once, copies made per width and format on demand.
    images: createImagesService(
      createUnitOfWork(db, (x) => ({ images: createImagesRepository(x) })),
      uploads,
      {
        cacheDir: options.images?.cacheDir ?? `${paths.data}/image-cache`,
        storage: photoStorage,
        draw: drawStored,
      },
    ),
    // Products' photos and the home page's banners, operators' changes audited (ADR 067).
    productPhotos: createProductPhotosService(merchandisingWork),
    banners,
    // The home page's banners and section tiles: shared, dropped with the listings (banners drop everything).
    home: shared("home", { home: (theme: BannerTheme) => banners.home(theme) }, { home: listing }),
    // Personal, never cached; an addition locks the owner's list, checks the limit and inserts in one transaction.
    wishlist: noted(createWishlistService(createUnitOfWork(db, createWishlistRepository))),
  };
}
export type Services = ReturnType<typeof createServices>;

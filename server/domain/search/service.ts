import type { PropertyFilterParams } from "#contract/catalog.ts";
import { kopecks } from "#contract/money.ts";
import {
  type SearchCategory,
  type SearchFacets,
  type SearchFacetsQuery,
  type SearchQuery,
  type SearchResult,
  SUGGEST_LIMITS,
  type SuggestResult,
} from "#contract/search.ts";
import { explainEmpty, RATING_STEPS } from "#server/domain/catalog/facets.ts";
import {
  activeFilterKeys,
  type ListingFilter,
  type PropertyGroup,
} from "#server/domain/catalog/facets-filters.ts";
import { type CatalogService, toCard } from "#server/domain/catalog/service.ts";
import { placeholderColour } from "#server/domain/images/placeholder.ts";
import { isCorrectable } from "./normalize.ts";
import {
  type Alternatives,
  alternativeQueries,
  chooseReadings,
  ftsMatch,
  parseQuery,
  type QueryPlan,
  type SearchMatch,
  type TokenChoice,
  toTsQuery,
  wordAlternatives,
} from "./query-plan.ts";
import { type SearchRepository, searchCondition } from "./repository.ts";
import { spellingsByPrefix, spellingsOf } from "./spellings.ts";
import { type Vocabulary, VocabularyBuilder } from "./vocabulary.ts";

/** Categories listed beside results (and instead of them when nothing is found). */
const RESULT_CATEGORIES = 10;
const ZERO_RESULT_CATEGORIES = 6;
/** «Возможно, вы искали …»: at most this many. */
const MAX_SUGGESTIONS = 3;
/** The fuzzy fallback needs some text to compare, or everything is similar. */
const FUZZY_MIN_LENGTH = 4;
/** The most popular products whose categories make the popular queries and categories. */
const POPULAR_SAMPLE = 1_000;

export interface SearchServiceOptions {
  /** How long the vocabulary and popular lists serve before a rebuild starts in the background. */
  refreshAfterMs?: number;
  now?: () => number;
  /**
   * The catalogue's filters and facets, for filtered results and their facets (the service itself,
   * not its cached wrapper: the facets take a condition). Without it a filter is refused.
   */
  catalog?: Pick<CatalogService, "resolveListing" | "productFacets">;
}

/** A property filter offers the dominant category's properties when it holds this share of the match. */
const DOMINANT_SHARE = 0.5;

/** Whether the query carries any of the listing's filters. */
function hasFilters(query: SearchFacetsQuery, properties: PropertyFilterParams): boolean {
  return (
    query.categoryId !== undefined ||
    (query.brand?.length ?? 0) > 0 ||
    (query.seller?.length ?? 0) > 0 ||
    query.priceMin !== undefined ||
    query.priceMax !== undefined ||
    query.inStock === true ||
    query.cashback === true ||
    query.topProfit === true ||
    query.ratingMin !== undefined ||
    Object.keys(properties).length > 0
  );
}

interface ResolvedFilters {
  filter: ListingFilter;
  groups: PropertyGroup[];
  hasCategory: boolean;
}

/** Facets of a query that finds nothing. */
function nothingToFacet(): SearchFacets {
  return {
    total: 0,
    price: null,
    brands: [],
    sellers: [],
    inStock: 0,
    cashback: 0,
    topProfit: 0,
    ratings: RATING_STEPS.map((min) => ({ min, count: 0, selected: false })),
    properties: [],
    category: null,
  };
}

interface SearchIndex {
  vocabulary: Vocabulary;
  popularCategories: SearchCategory[];
  builtAt: number;
}

/** How a query that found nothing as typed is read instead. */
interface Fallback {
  choices: TokenChoice[];
  words: string[];
  text: string;
  /** The words differ from the typed ones (layout switched or typos corrected). */
  changed: boolean;
  layoutFixed: boolean;
  /** Some token finds nothing however it is read. */
  unknown: boolean;
  /** tsquery text → whether it matches, for the queries already tested. */
  tested: Map<string, boolean>;
}

/**
 * Trigram similarity is for a word no reading makes sense of ("galaxy a5" for "Galaxy A55"). When every
 * word finds products on its own and only their combination finds none ("палатка зелёная"), the
 * honest answer is nothing, with the queries that do find something.
 */
function fuzzyWorthTrying(read: Fallback): boolean {
  return read.unknown && read.text.length >= FUZZY_MIN_LENGTH;
}

export function createSearchService(repository: SearchRepository, options: SearchServiceOptions = {}) {
  const refreshAfterMs = options.refreshAfterMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  let index: SearchIndex | undefined;
  let building: Promise<SearchIndex> | undefined;

  async function buildIndex(): Promise<SearchIndex> {
    const builder = new VocabularyBuilder();
    for await (const names of repository.productNames()) {
      for (const name of names) builder.add(name);
      // A batch takes a few milliseconds; let requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const popularCategories = await repository.popularCategories(POPULAR_SAMPLE, ZERO_RESULT_CATEGORIES);
    return { vocabulary: builder.build(), popularCategories, builtAt: now() };
  }

  /** Starts a rebuild unless one is under way. */
  function rebuild(): Promise<SearchIndex> {
    building ??= buildIndex()
      .then((built) => {
        index = built;
        return built;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  /**
   * The in-memory vocabulary and popular lists. The first call waits for them; later ones get the
   * current copy at once and, when it is stale, start one rebuild in the background.
   */
  function searchIndex(): Promise<SearchIndex> {
    if (!index) return rebuild();
    if (now() - index.builtAt >= refreshAfterMs) {
      // A failed background rebuild keeps the old copy; the next stale call tries again.
      rebuild().catch(() => {});
    }
    return Promise.resolve(index);
  }

  /**
   * For a query that found nothing as typed: each token read on the other keyboard layout when that
   * finds products, else as the nearest known words (one round trip to test the tokens one by one).
   */
  async function fallback(plan: QueryPlan, vocabulary: Vocabulary): Promise<Fallback> {
    // A lone token is the whole query, already known to find nothing.
    const typed = plan.tokens.length > 1 ? plan.tokens.map((t) => t.words) : [];
    // Words of product names are not keyboard slips: "палатка" is not tested as "gfkfnrf".
    const slip = plan.tokens.map(
      (t) => t.switched !== null && !t.words.every((w) => !isCorrectable(w) || vocabulary.hasPrefix(w)),
    );
    const switched = plan.tokens.flatMap((t, i) => (slip[i] && t.switched ? [t.switched] : []));
    const tested = [...typed, ...switched].map((w) => toTsQuery(w, {}, alternativesIn(w, vocabulary)));
    const hits = await repository.hasMatches(tested);
    let next = typed.length;
    const choices = chooseReadings(
      plan.tokens,
      {
        typed: plan.tokens.map((_, i) => typed.length > 0 && hits[i] === true),
        switched: slip.map((s) => s && (hits[next++] ?? false)),
      },
      vocabulary,
    );
    const words = choices.flatMap((c) => c.words);
    const text = words.join(" ");
    return {
      choices,
      words,
      text,
      changed: text !== plan.text,
      layoutFixed: choices.some((c) => c.how === "layout"),
      unknown: choices.some((c) => c.how === "unknown"),
      tested: new Map(tested.map((q, i) => [q, hits[i] === true])),
    };
  }

  /** Of the alternative queries, those that find products (testing only those not tested yet). */
  async function findSuggestions(read: Fallback, vocabulary: Vocabulary): Promise<string[]> {
    const candidates = alternativeQueries(read.choices, vocabulary)
      .slice(0, 8)
      .map((text) => ({ text, query: toTsQuery(text.split(" ")) }));
    const untested = candidates.filter((c) => !read.tested.has(c.query)).map((c) => c.query);
    const found = new Map(read.tested);
    const hits = await repository.hasMatches(untested);
    for (const [i, query] of untested.entries()) found.set(query, hits[i] === true);
    return candidates
      .filter((c) => found.get(c.query))
      .map((c) => c.text)
      .slice(0, MAX_SUGGESTIONS);
  }

  /**
   * The match `search` shows results for (null: nothing), for the facets: filtered by
   * `searchCondition(match)` their counts agree with the results.
   */
  async function resolveMatch(q: string): Promise<SearchMatch | null> {
    const plan = parseQuery(q);
    if (plan.tokens.length === 0) return null;
    const { vocabulary } = await searchIndex();
    const words = plan.tokens.flatMap((t) => t.words);
    const typed = ftsMatch(words, alternativesIn(words, vocabulary));
    if (await repository.anyMatch(typed)) return typed;
    const read = await fallback(plan, vocabulary);
    if (read.changed) {
      const corrected = ftsMatch(read.words);
      if (await repository.anyMatch(corrected)) return corrected;
    }
    if (!fuzzyWorthTrying(read)) return null;
    const fuzzy: SearchMatch = { kind: "fuzzy", text: read.text };
    return (await repository.anyMatch(fuzzy)) ? fuzzy : null;
  }

  function requireCatalog(): NonNullable<SearchServiceOptions["catalog"]> {
    if (!options.catalog) throw new Error("search: filters need the catalogue service (options.catalog)");
    return options.catalog;
  }

  /**
   * Whose properties filter the results: the chosen category's, else the dominant one's (at least
   * half of the match, before any filter, so the choice does not move as filters are applied).
   */
  async function propertyCategory(query: SearchFacetsQuery, match: SearchMatch) {
    if (query.categoryId !== undefined) {
      return { propertiesOf: undefined, category: await repository.findCategory(query.categoryId) };
    }
    const top = await repository.dominantCategory(match);
    if (!top || top.count < top.total * DOMINANT_SHARE) return { propertiesOf: undefined, category: null };
    return { propertiesOf: top.id, category: { id: top.id, name: top.name, slug: top.slug } };
  }

  /** The query's filters resolved against the catalogue; undefined when it has none. */
  async function filtersFor(
    query: SearchQuery,
    properties: PropertyFilterParams,
    match: SearchMatch,
  ): Promise<ResolvedFilters | undefined> {
    if (!hasFilters(query, properties)) return undefined;
    // The dominant category is looked for only when a property filter needs it.
    const propertiesOf =
      Object.keys(properties).length > 0 && query.categoryId === undefined
        ? (await propertyCategory(query, match)).propertiesOf
        : undefined;
    return requireCatalog().resolveListing(query, properties, propertiesOf);
  }

  return {
    /**
     * Results for a query. As typed if it finds anything; else with the keyboard layout switched
     * and typos corrected word by word (`correctedQuery`, `layoutFixed`); else by trigram similarity
     * of names; else nothing, with queries that would find something and the popular categories.
     */
    async search(query: SearchQuery, properties: PropertyFilterParams = {}): Promise<SearchResult> {
      const plan = parseQuery(query.q);
      const base = { query: query.q, page: query.page, limit: query.limit };
      const pageOptions = {
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        categoriesLimit: RESULT_CATEGORIES,
      };
      const found = async (
        match: SearchMatch,
        correctedQuery: string | null,
        layoutFixed: boolean,
      ): Promise<SearchResult | null> => {
        const filters = await filtersFor(query, properties, match);
        const page = await repository.searchPage(match, { ...pageOptions, filters: filters?.filter });
        // Corrections are for a query that finds nothing, not for filters that leave nothing.
        if (page.matched === 0) return null;
        const cards = new Map((await repository.findCards(page.ids)).map((row) => [row.id, toCard(row)]));
        const result: SearchResult = {
          ...base,
          correctedQuery,
          layoutFixed,
          total: page.total,
          items: page.ids.flatMap((id) => cards.get(id) ?? []),
          categories: page.categories,
          suggestions: [],
        };
        if (page.ids.length > 0) return result;
        const empty = explainEmpty({
          total: page.total,
          activeKeys: filters ? activeFilterKeys(filters.filter) : [],
          groups: filters?.groups ?? [],
          page: query.page,
          limit: query.limit,
          hasCategory: filters?.hasCategory ?? false,
        });
        return empty ? { ...result, empty } : result;
      };
      const nothing = async (suggestions: string[]): Promise<SearchResult> => ({
        ...base,
        correctedQuery: null,
        layoutFixed: false,
        total: 0,
        items: [],
        categories: (await searchIndex()).popularCategories,
        suggestions,
      });

      if (plan.tokens.length === 0) return nothing([]);
      // Built at start-up (warmUp): awaiting it costs nothing after that.
      const { vocabulary } = await searchIndex();
      const words = plan.tokens.flatMap((t) => t.words);
      const asTyped = await found(ftsMatch(words, alternativesIn(words, vocabulary)), null, false);
      if (asTyped) return asTyped;

      const read = await fallback(plan, vocabulary);
      const correctedQuery = read.changed ? read.text : null;
      if (read.changed) {
        const corrected = await found(ftsMatch(read.words), correctedQuery, read.layoutFixed);
        if (corrected) return corrected;
      }
      if (fuzzyWorthTrying(read)) {
        const similar = await found({ kind: "fuzzy", text: read.text }, correctedQuery, read.layoutFixed);
        if (similar) return similar;
      }
      return nothing(await findSuggestions(read, vocabulary));
    },

    /**
     * The match `search` shows results for (null: nothing), for the listing's facets: filter with
     * `searchCondition(match)` from the search repository and the counts agree with the results.
     */
    resolveMatch,

    /**
     * Facets of the results, as a listing's: brand, seller, price, rating, stock, cashback, and the
     * properties of the chosen category or else of the one holding at least half of the results.
     */
    async facets(query: SearchFacetsQuery, properties: PropertyFilterParams = {}): Promise<SearchFacets> {
      const match = await resolveMatch(query.q);
      if (!match) return nothingToFacet();
      const { propertiesOf, category } = await propertyCategory(query, match);
      const facets = await requireCatalog().productFacets(query, properties, {
        matching: searchCondition(match),
        propertiesOf,
      });
      return { ...facets, category };
    },

    /** Suggestions while typing in the header search. */
    async suggest(q: string): Promise<SuggestResult> {
      const { vocabulary, popularCategories } = await searchIndex();
      const plan = parseQuery(q);
      if (plan.tokens.length === 0) {
        // No query log exists yet, so the popular queries are the names of the categories the most
        // popular products belong to; a log of real queries should replace them when there is one.
        return {
          queries: popularCategories.slice(0, SUGGEST_LIMITS.queries).map((c) => c.name.toLowerCase()),
          categories: popularCategories
            .slice(0, SUGGEST_LIMITS.categories)
            .map(({ id, name, slug }) => ({ id, name, slug })),
          brands: [],
          products: [],
        };
      }
      const words = readWhileTyping(plan, vocabulary);
      const text = words.join(" ");
      // Beside other words, one or two letters ("наушники пр") would bring up every "Продукты".
      const nameWords = words.length > 1 ? words.filter((w) => w.length >= 3) : words;
      const [products, categories, brands] = await Promise.all([
        repository.suggestProducts(words, SUGGEST_LIMITS.products, alternativesIn(words, vocabulary)),
        repository.suggestCategories(nameWords, text, SUGGEST_LIMITS.categories),
        repository.suggestBrands(nameWords, text, SUGGEST_LIMITS.brands),
      ]);
      return {
        queries: vocabulary.complete(words, SUGGEST_LIMITS.queries),
        categories,
        brands,
        products: products.map((p) => ({
          id: p.id,
          name: p.name,
          price: kopecks(p.price),
          image:
            p.imageUrl !== null && p.imageWidth !== null && p.imageHeight !== null
              ? {
                  url: p.imageUrl,
                  width: p.imageWidth,
                  height: p.imageHeight,
                  alt: p.imageAlt ?? p.name,
                  placeholder: placeholderColour(p.imagePlaceholder ?? ""),
                }
              : null,
        })),
      };
    },

    /**
     * Builds the vocabulary now rather than on the first query that needs it (call at start-up), or
     * waits for the rebuild under way.
     */
    async warmUp(): Promise<void> {
      await (building ?? searchIndex());
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

/** The other readings of the words (see `wordAlternatives`), fleeting-vowel stems checked against names. */
function alternativesIn(words: readonly string[], vocabulary: Vocabulary): Alternatives {
  return wordAlternatives(words, (stem) => vocabulary.hasPrefix(stem));
}

/**
 * The words to suggest for while a query is being typed, judged by the vocabulary alone (no round
 * trip per keystroke): as typed when every word starts a known word; else the other keyboard layout
 * when that does; else each unknown word replaced by the brand or model it spells ("самс" → samsung,
 * "айфон" → iphone) or by its nearest known word.
 */
export function readWhileTyping(plan: QueryPlan, vocabulary: Vocabulary): string[] {
  const known = (word: string) => !isCorrectable(word) || vocabulary.hasPrefix(word);
  return plan.tokens.flatMap((token) => {
    if (token.words.every(known)) return token.words;
    if (token.switched?.every(known)) return token.switched;
    return token.words.flatMap((w) => {
      if (known(w)) return [w];
      const spelled = spellingsOf(w)[0] ?? spellingsByPrefix(w)[0];
      return spelled ?? [vocabulary.correct(w)?.word ?? w];
    });
  });
}

import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { SearchSort } from "#contract/search.ts";
import type { Database } from "#server/db/client.ts";
import { brands, categories, productImages, products } from "#server/db/schema/index.ts";
import type { ListingFilter } from "#server/domain/catalog/facets-filters.ts";
import { categoryCondition, filterConditions, selectCards } from "#server/domain/catalog/repository.ts";
import { type Alternatives, namePattern, type SearchMatch, toTsQuery } from "./query-plan.ts";

/** Trigram word similarity the fuzzy fallback requires (pg_trgm's default of 0.6 lets in too much noise). */
const FUZZY_THRESHOLD = 0.7;

/**
 * The WHERE condition of a search match, for any query over `products` — the listing's facets filter
 * by it so their counts agree with the results. `to_tsquery` of a bound parameter lets the planner
 * estimate how many rows match. The fuzzy condition checks its own threshold, so it holds whatever
 * `pg_trgm.word_similarity_threshold` is (a higher setting only lets the index skip more rows).
 */
export function searchCondition(match: SearchMatch): SQL {
  return match.kind === "fts"
    ? sql`${products.searchVector} @@ to_tsquery('russian', ${match.query})`
    : sql`(${match.text} <% lower(${products.name}) AND word_similarity(${match.text}, lower(${products.name})) >= ${FUZZY_THRESHOLD})`;
}

/** `(SELECT to_tsquery(…))` is an InitPlan: computed once per statement, not once per ranked row. */
function tsQueryOnce(query: string): SQL {
  return sql`(SELECT to_tsquery('russian', ${query}))`;
}

/**
 * Relevance: cover density with the name (weight A) worth five times the description (weight B), plus
 * one for all words in the name and a half for the exact phrase in it, so a name match always ranks
 * above a description-only match. The fuzzy fallback ranks by trigram word similarity.
 */
function rankExpression(match: SearchMatch): SQL {
  if (match.kind === "fuzzy") return sql`word_similarity(${match.text}, lower(${products.name}))`;
  const vector = products.searchVector;
  const phrase = match.phraseQuery
    ? sql` + CASE WHEN ${vector} @@ ${tsQueryOnce(match.phraseQuery)} THEN 0.5 ELSE 0 END`
    : sql``;
  return sql`ts_rank_cd('{0, 0, 0.2, 1}'::float4[], ${vector}, ${tsQueryOnce(match.query)}) + CASE WHEN ${vector} @@ ${tsQueryOnce(match.nameQuery)} THEN 1 ELSE 0 END${phrase}`;
}

/** Over the CTE `m`; every order ends with the id so equal keys never reorder between pages. */
const orderBySort: Record<SearchSort, SQL> = {
  relevance: sql`m.rank DESC, m.popularity DESC, m.id`,
  popular: sql`m.popularity DESC, m.id`,
  price_asc: sql`m.price, m.id`,
  price_desc: sql`m.price DESC, m.id`,
  new: sql`m.created_at DESC, m.id`,
  rating: sql`m.rating DESC, m.reviews_count DESC, m.id`,
  discount: sql`m.discount DESC, m.id`,
};

/** Products the suggestions first look among: the most popular ones, read in popularity order. */
const SUGGEST_WINDOW = 1_000;

export interface SearchPageRow {
  /** What the match finds, before any filter. */
  matched: number;
  /** With every filter. */
  total: number;
  ids: number[];
  /** With every filter but the category's. */
  categories: { id: number; name: string; slug: string; count: number }[];
}

export interface SearchPageOptions {
  sort: SearchSort;
  limit: number;
  offset: number;
  categoriesLimit: number;
  /** The listing's filters over the results; the category counts take every one but the category. */
  filters?: ListingFilter | undefined;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** json columns arrive parsed from `pg` and PGlite alike; a string would mean a driver set up otherwise. */
function fromJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

export function createSearchRepository(db: Database) {
  function pageStatement(match: SearchMatch, options: SearchPageOptions) {
    const rank = options.sort === "relevance" ? rankExpression(match) : sql`0`;
    const conditions = options.filters ? filterConditions(options.filters).map((c) => c.cond) : [];
    // Constants without filters: the planner folds them, no row pays for them.
    const passes = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`TRUE`;
    const inCategory = (options.filters && categoryCondition(options.filters)) ?? sql`TRUE`;
    // One pass over the matches (MATERIALIZED): the counts, the categories and the page all read it.
    return sql`
      WITH m AS MATERIALIZED (
        SELECT ${products.id} AS id, ${products.categoryId} AS category_id, ${products.popularity} AS popularity,
          ${products.price} AS price, ${products.createdAt} AS created_at, ${products.rating} AS rating,
          ${products.reviewsCount} AS reviews_count,
          CASE WHEN ${products.oldPrice} IS NULL THEN 0
            ELSE round(100.0 * (${products.oldPrice} - ${products.price}) / ${products.oldPrice}) END AS discount,
          ${rank} AS rank, (${passes}) AS passes, (${inCategory}) AS in_category
        FROM ${products}
        WHERE ${searchCondition(match)}
      )
      SELECT
        (SELECT count(*)::int FROM m) AS matched,
        (SELECT count(*)::int FROM m WHERE m.passes AND m.in_category) AS total,
        array(SELECT m.id FROM m WHERE m.passes AND m.in_category
          ORDER BY ${orderBySort[options.sort]} LIMIT ${options.limit} OFFSET ${options.offset}) AS ids,
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'count', t.n)
            ORDER BY t.n DESC, c.id), '[]'::json)
          FROM (SELECT m.category_id, count(*)::int AS n FROM m WHERE m.passes GROUP BY m.category_id
                ORDER BY n DESC, m.category_id LIMIT ${options.categoriesLimit}) t
          JOIN ${categories} c ON c.id = t.category_id) AS categories`;
  }

  function toPage(result: unknown): SearchPageRow {
    const [row] = rowsOf<{ matched: number; total: number; ids: number[]; categories: unknown }>(result);
    return {
      matched: Number(row?.matched ?? 0),
      total: Number(row?.total ?? 0),
      ids: (row?.ids ?? []).map(Number),
      categories: fromJson<SearchPageRow["categories"]>(row?.categories ?? []),
    };
  }

  /**
   * Runs a statement over a match. A fuzzy one runs in a transaction that raises pg_trgm's threshold
   * to ours first: the trigram index then skips the rows below it instead of handing them to a recheck.
   */
  function execute(match: SearchMatch, statement: SQL): Promise<unknown> {
    if (match.kind === "fts") return db.execute(statement);
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
      );
      return tx.execute(statement);
    });
  }

  return {
    /** The total, one page of ids in the requested order and the categories with most matches. */
    async searchPage(match: SearchMatch, options: SearchPageOptions): Promise<SearchPageRow> {
      return toPage(await execute(match, pageStatement(match, options)));
    },

    /**
     * The category holding most of the match, with its share (`count` of `total`); null when nothing
     * matches. One grouping pass over the match.
     */
    async dominantCategory(match: SearchMatch) {
      const [row] = rowsOf<{ id: number; name: string; slug: string; count: number; total: number }>(
        await execute(
          match,
          sql`
            SELECT c.id, c.name, c.slug, t.n AS count, t.total FROM (
              SELECT ${products.categoryId} AS category_id, count(*)::int AS n, (sum(count(*)) OVER ())::int AS total
              FROM ${products} WHERE ${searchCondition(match)}
              GROUP BY ${products.categoryId} ORDER BY n DESC, ${products.categoryId} LIMIT 1
            ) t JOIN ${categories} c ON c.id = t.category_id`,
        ),
      );
      return row
        ? {
            id: Number(row.id),
            name: row.name,
            slug: row.slug,
            count: Number(row.count),
            total: Number(row.total),
          }
        : null;
    },

    async findCategory(id: number) {
      const [row] = await db
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, id));
      return row ?? null;
    },

    async anyMatch(match: SearchMatch): Promise<boolean> {
      const [row] = rowsOf<{ found: boolean }>(
        await execute(match, sql`SELECT ${exists(searchCondition(match))} AS found`),
      );
      return row?.found === true;
    },

    /** For each tsquery text, whether any product matches it. */
    async hasMatches(queries: readonly string[]): Promise<boolean[]> {
      if (queries.length === 0) return [];
      const columns = queries.map(
        (q, i) =>
          sql`${exists(sql`${products.searchVector} @@ to_tsquery('russian', ${q})`)} AS ${sql.identifier(`h${i}`)}`,
      );
      const [row] = rowsOf<Record<string, boolean>>(
        await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`),
      );
      return queries.map((_, i) => row?.[`h${i}`] === true);
    },

    async findCards(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return selectCards(db).where(inArray(products.id, [...ids]));
    },

    /**
     * Products whose name has words starting with the typed ones, most popular first. The most popular
     * products are tried first, in index order, so a common prefix ("см") stops after a few rows
     * instead of ranking thousands; only a rare prefix falls through to the full-text index, where it
     * has few matches to sort.
     */
    async suggestProducts(words: readonly string[], limit: number, alternatives?: Alternatives) {
      // Each word as typed, as a prefix of an indexed stem ('simple' leaves "коля" whole where 'russian'
      // would cut it to "кол" and match every "колонка"), or as a whole word in any form ("смартфоны")
      // or any of its other readings ("айфон": iphone).
      const query = sql.join(
        words.map(
          (w) =>
            sql`(to_tsquery('simple', ${toTsQuery([w], { prefix: true, weight: "A" })}) || to_tsquery('russian', ${toTsQuery([w], { weight: "A" }, alternatives)}))`,
        ),
        sql` && `,
      );
      let rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          SELECT p.id FROM (
            SELECT ${products.id} AS id, ${products.searchVector} AS search_vector, ${products.popularity} AS popularity
            FROM ${products} ORDER BY ${products.popularity} DESC, ${products.id} LIMIT ${SUGGEST_WINDOW}
          ) p
          WHERE p.search_vector @@ (SELECT ${query})
          ORDER BY p.popularity DESC, p.id LIMIT ${limit}`),
      );
      // One or two letters match too much to sort it all: the popular products are the suggestions then.
      const inName = words.flatMap((w) => {
        // A phrase reading ("de longhi") is looked for by its first word.
        const patterns = [w, ...(alternatives?.get(w) ?? []).map((phrase) => phrase[0]!)].map(namePattern);
        if (patterns.some((p) => p === null)) return [];
        return [sql`lower(${products.name}) ~ ${[...new Set(patterns)].join("|")}`];
      });
      if (rows.length < limit && inName.length > 0) {
        rows = rowsOf<{ id: number }>(
          await db.execute(sql`
            WITH p AS MATERIALIZED (
              SELECT ${products.id} AS id, ${products.popularity} AS popularity FROM ${products}
              WHERE ${sql.join(inName, sql` AND `)} AND ${products.searchVector} @@ (SELECT ${query})
            )
            SELECT p.id FROM p ORDER BY p.popularity DESC, p.id LIMIT ${limit}`),
        );
      }
      const ids = rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      const found = await db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          imageUrl: productImages.url,
          imageWidth: productImages.width,
          imageHeight: productImages.height,
          imageAlt: productImages.alt,
          imagePlaceholder: productImages.placeholder,
        })
        .from(products)
        .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
        .where(inArray(products.id, ids));
      const byId = new Map(found.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Categories whose name has a word starting with one of the words, or resembles the text (a typo):
     * those matching more words first, then the closer ones.
     */
    async suggestCategories(words: readonly string[], text: string, limit: number) {
      const name = sql`translate(lower(${categories.name}), 'ё', 'е')`;
      const score = wordStartScore(name, words);
      const similarity = sql`word_similarity(${text}, ${name})`;
      const rows = await db
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories)
        .where(sql`(${score}) > 0 OR ${similarity} >= 0.5`)
        .orderBy(sql`(${score}) DESC`, sql`${similarity} DESC`, asc(categories.depth), asc(categories.id))
        .limit(limit);
      return rows;
    },

    /** Brands the same way as categories. */
    async suggestBrands(words: readonly string[], text: string, limit: number) {
      const name = sql`translate(lower(${brands.name}), 'ё', 'е')`;
      const score = wordStartScore(name, words);
      const similarity = sql`word_similarity(${text}, ${name})`;
      return db
        .select({ code: brands.code, name: brands.name })
        .from(brands)
        .where(sql`(${score}) > 0 OR ${similarity} >= 0.7`)
        .orderBy(sql`(${score}) DESC`, sql`${similarity} DESC`, asc(brands.name), asc(brands.id))
        .limit(limit);
    },

    /**
     * The categories holding most of the `sample` most popular products, with their product counts.
     */
    async popularCategories(sample: number, limit: number) {
      const rows = rowsOf<{ id: number; name: string; slug: string; count: number }>(
        await db.execute(sql`
          SELECT c.id, c.name, c.slug,
            (SELECT count(*)::int FROM ${products} WHERE ${products.categoryId} = c.id) AS count
          FROM (
            SELECT top.category_id, count(*) AS n FROM (
              SELECT ${products.categoryId} AS category_id FROM ${products}
              ORDER BY ${products.popularity} DESC, ${products.id} LIMIT ${sample}
            ) top GROUP BY top.category_id
          ) t
          JOIN ${categories} c ON c.id = t.category_id
          ORDER BY t.n DESC, c.id
          LIMIT ${limit}`),
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug, count: Number(r.count) }));
    },

    /** Every product name, in batches by id, for the vocabulary. */
    async *productNames(batchSize = 10_000): AsyncGenerator<string[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(gt(products.id, after))
          .orderBy(asc(products.id))
          .limit(batchSize);
        if (rows.length === 0) return;
        yield rows.map((r) => r.name);
        after = rows.at(-1)!.id;
        if (rows.length < batchSize) return;
      }
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

/**
 * Whether any product meets the condition. A plain EXISTS lets the planner bet on finding a row early in
 * a sequential scan, which reads the whole table when nothing matches (0.2 s at 100,000 products); the
 * materialised CTE is planned on its own, through the index, and EXISTS still stops at its first row.
 */
function exists(condition: SQL): SQL {
  return sql`EXISTS (WITH m AS MATERIALIZED (SELECT 1 FROM ${products} WHERE ${condition}) SELECT 1 FROM m)`;
}

/** How many of the words start a word of `name` (at its start or after a space or hyphen). */
function wordStartScore(name: SQL, words: readonly string[]): SQL {
  // Cast: a bare 0 in ORDER BY would be read as a column position.
  if (words.length === 0) return sql`0::int`;
  // LIKE needs no escaping: normalised words hold no % _ or backslash.
  return sql.join(
    words.map(
      (w) =>
        sql`(CASE WHEN ${name} LIKE ${`${w}%`} OR ${name} LIKE ${`% ${w}%`} OR ${name} LIKE ${`%-${w}%`} THEN 1 ELSE 0 END)`,
    ),
    sql` + `,
  );
}

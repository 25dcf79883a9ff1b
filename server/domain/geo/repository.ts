import { asc, desc, eq, sql } from "drizzle-orm";
import type { City } from "#contract/geo.ts";
import type { Database } from "#server/db/client.ts";
import { cities } from "#server/db/schema/index.ts";

const cityColumns = {
  id: cities.id,
  name: cities.name,
  region: cities.region,
  latitude: cities.latitude,
  longitude: cities.longitude,
  timezone: cities.timezone,
};

/** How a city matched a search: 0 the name starts with the query, 1 a later word does, 2 trigrams only. */
export type CityMatchRank = 0 | 1 | 2;
export type CityMatch = City & { rank: CityMatchRank; score: number };

/**
 * The name as the search compares it: lower case, ё as е, hyphens as spaces ("Ростов-на-Дону" →
 * "ростов на дону"). Must stay in step with `normalizeCityQuery` in the service. lower() and pg_trgm both
 * follow the database ctype, which must be a UTF-8 one (C.UTF-8 on PGlite and on our PostgreSQL).
 */
const normalizedName = sql<string>`translate(lower(${cities.name}), 'ё-', 'е ')`;

export function createGeoRepository(db: Database) {
  return {
    /** Every city, the largest first. */
    async listCities(): Promise<City[]> {
      return db.select(cityColumns).from(cities).orderBy(desc(cities.population), asc(cities.id));
    },

    /**
     * Cities for an already normalised query: names that start with it first, then names with a word
     * that starts with it ("новгород" → Нижний Новгород), both by population; then trigram matches
     * scoring at least `minScore` (typos), best first. `score` is the better of similarity and
     * word_similarity, so a short query can still match the start of a long name.
     */
    async searchCities(
      normalizedQuery: string,
      options: { limit: number; minScore: number },
    ): Promise<CityMatch[]> {
      const q = sql`${normalizedQuery}::text`;
      const wordPrefix = sql`strpos(' ' || ${normalizedName}, ' ' || ${q}) > 0`;
      const score = sql<number>`greatest(similarity(${normalizedName}, ${q}), word_similarity(${q}, ${normalizedName}))`;
      const rank = sql<number>`CASE WHEN starts_with(${normalizedName}, ${q}) THEN 0 WHEN ${wordPrefix} THEN 1 ELSE 2 END`;
      const rows = await db
        .select({ ...cityColumns, rank, score })
        .from(cities)
        .where(sql`${wordPrefix} OR ${score} >= ${options.minScore}::real`)
        .orderBy(
          asc(rank),
          desc(sql`CASE WHEN ${wordPrefix} THEN 0 ELSE ${score} END`),
          desc(cities.population),
          asc(cities.id),
        )
        .limit(options.limit);
      // Drivers differ in how they hand back real and int: normalise to numbers here.
      return rows.map((r) => ({ ...r, rank: Number(r.rank) as CityMatchRank, score: Number(r.score) }));
    },

    async findCity(id: number): Promise<City | undefined> {
      const [row] = await db.select(cityColumns).from(cities).where(eq(cities.id, id)).limit(1);
      return row;
    },

    /** The largest city of that name (names are unique in our data, but not in Russia). */
    async findCityByName(name: string): Promise<City | undefined> {
      const [row] = await db
        .select(cityColumns)
        .from(cities)
        .where(eq(cities.name, name))
        .orderBy(desc(cities.population), asc(cities.id))
        .limit(1);
      return row;
    },

    /** The largest city: the default when the named default is missing from the data. */
    async findLargestCity(): Promise<City | undefined> {
      const [row] = await db
        .select(cityColumns)
        .from(cities)
        .orderBy(desc(cities.population), asc(cities.id))
        .limit(1);
      return row;
    },
  };
}
export type GeoRepository = ReturnType<typeof createGeoRepository>;

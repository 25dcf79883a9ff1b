import type { City, CityList, CurrentCity, FindCityQuery } from "#contract/geo.ts";
import { AppError } from "#server/errors.ts";
import type { CityMatch, GeoRepository } from "./repository.ts";

/** The city a visitor gets until they choose one. */
export const DEFAULT_CITY_NAME = "Москва";

/** Typo tolerance: a trigram score from here on counts ("екатеренбург" → Екатеринбург scores 0.63). */
export const TYPO_MIN_SCORE = 0.3;
/**
 * Once some name starts with the query, a typo match must be much closer to be worth showing: "мо" finds
 * Москва, and Махачкала (0.33, it shares "м") would only be noise under it.
 */
export const TYPO_MIN_SCORE_BESIDE_PREFIX = 0.5;

/** Keeps prefix matches as ranked and drops weak typo matches when there are prefix matches to show. */
export function pickCityMatches(matches: CityMatch[]): City[] {
  const hasPrefixMatch = matches.some((m) => m.rank < 2);
  return matches
    .filter((m) => m.rank < 2 || !hasPrefixMatch || m.score >= TYPO_MIN_SCORE_BESIDE_PREFIX)
    .map(({ rank: _rank, score: _score, ...city }) => city);
}

/**
 * A search query as the repository compares it with names: lower case, ё as е, every run of spaces and
 * dashes as one space ("САНКТ–петербург " → "санкт петербург").
 */
export function normalizeCityQuery(query: string): string {
  return query
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[\s\-‐‑‒–—]+/gu, " ")
    .trim();
}

export function createGeoService(repository: GeoRepository) {
  async function defaultCity(): Promise<City> {
    const city = (await repository.findCityByName(DEFAULT_CITY_NAME)) ?? (await repository.findLargestCity());
    if (!city) throw new AppError("unavailable", "Справочник городов пуст", { code: "cities_unavailable" });
    return city;
  }

  async function getCity(id: number): Promise<City> {
    const city = await repository.findCity(id);
    if (!city) throw new AppError("not_found", "Город не найден", { code: "city_not_found" });
    return city;
  }

  return {
    async listCities(): Promise<CityList> {
      return { items: await repository.listCities() };
    },

    async findCities(query: FindCityQuery): Promise<CityList> {
      const normalized = normalizeCityQuery(query.query);
      // A query of dashes only normalises to nothing: nothing can match it.
      if (normalized === "") return { items: [] };
      const matches = await repository.searchCities(normalized, {
        limit: query.limit,
        minScore: TYPO_MIN_SCORE,
      });
      return { items: pickCityMatches(matches) };
    },

    getCity,

    defaultCity,

    /** The visitor's city: the one they chose (if it still exists), otherwise the default, unconfirmed. */
    async currentCity(chosenId: number | undefined): Promise<CurrentCity> {
      const chosen = chosenId === undefined ? undefined : await repository.findCity(chosenId);
      return chosen ? { city: chosen, confirmed: true } : { city: await defaultCity(), confirmed: false };
    },

    async confirmCity(id: number): Promise<CurrentCity> {
      return { city: await getCity(id), confirmed: true };
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;

import { AppError } from "#server/errors.ts";
import { DEFAULT_CITY_NAME } from "#server/domain/geo/service.ts";
import type { CityRow } from "./address-rules.ts";
import type { DeliveryRepository } from "./repository.ts";

/** Which city a delivery request is about: the one named in the query, else the visitor's cookie city. */
export interface CityChoice {
  /** `cityId` of the query: must exist (404 otherwise). */
  cityId?: number | undefined;
  /** The `city_id` cookie: ignored when it names no city, as the header does. */
  cookieCityId?: number | undefined;
}

/** The city of a request: the named one, else the cookie's, else the default (Moscow). */
export async function resolveCity(repository: DeliveryRepository, choice: CityChoice): Promise<CityRow> {
  if (choice.cityId !== undefined) {
    const city = await repository.city(choice.cityId);
    if (!city) throw new AppError("not_found", "Город не найден", { code: "city_not_found" });
    return city;
  }
  const chosen = choice.cookieCityId === undefined ? undefined : await repository.city(choice.cookieCityId);
  const city = chosen ?? (await repository.cityByName(DEFAULT_CITY_NAME));
  if (!city) throw new AppError("unavailable", "Справочник городов пуст", { code: "cities_unavailable" });
  return city;
}

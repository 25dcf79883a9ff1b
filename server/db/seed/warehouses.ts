import type { CitySeed } from "./cities.ts";
import { deriveSeed, Random } from "./random.ts";
import type { SellerSeed } from "./sellers.ts";

export interface WarehouseSeed {
  /** Name of a seeded city. */
  cityName: string;
  /** Orders placed before this hour of the warehouse's local time leave the same day. */
  cutoffHour: number;
}

const CUTOFF_HOURS: readonly (readonly [number, number])[] = [
  [12, 1],
  [14, 3],
  [15, 2],
  [16, 2],
  [18, 2],
  [20, 1],
];

/** The city a legal address names («123112, г. Москва, …»; the Moscow region ships from Moscow). */
function legalCity(address: string): string | undefined {
  if (address.includes("Московская обл")) return "Москва";
  return /г\. ([^,]+)/u.exec(address)?.[1];
}

/**
 * Where a seller ships from (commerce.md, Delivery): most from the fulfilment hubs of Moscow and St
 * Petersburg, the rest from their own city when it is a seeded city of a million or more; deterministic.
 */
export function warehouseFor(seed: number, seller: SellerSeed, cities: readonly CitySeed[]): WarehouseSeed {
  const rng = new Random(deriveSeed(seed, "warehouse", seller.code));
  const own = legalCity(seller.address);
  const ownCity = cities.find((c) => c.name === own);
  let cityName: string;
  if (own === "Москва" || own === "Санкт-Петербург") cityName = own;
  else if (ownCity && ownCity.population >= 1_000_000 && rng.chance(0.6)) cityName = ownCity.name;
  else cityName = rng.chance(0.7) ? "Москва" : "Санкт-Петербург";
  return { cityName, cutoffHour: rng.weighted(CUTOFF_HOURS) };
}

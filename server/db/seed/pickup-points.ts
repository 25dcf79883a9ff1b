import type { CitySeed } from "./cities.ts";
import { deriveSeed, Random } from "./random.ts";

export interface PickupPointSeed {
  provider: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  hours: string;
}

const PROVIDERS: readonly (readonly [string, number])[] = [
  ["Витрина", 5],
  ["Boxberry", 2],
  ["СДЭК", 3],
  ["Почта России", 2],
  ["5Post", 2],
];

/** Street names found in almost every Russian city. */
const STREETS = [
  "ул. Ленина",
  "ул. Советская",
  "ул. Мира",
  "ул. Гагарина",
  "ул. Пушкина",
  "ул. Кирова",
  "ул. Молодёжная",
  "ул. Садовая",
  "ул. Лесная",
  "ул. Октябрьская",
  "ул. Комсомольская",
  "ул. Первомайская",
  "ул. Победы",
  "ул. Горького",
  "ул. Чехова",
  "ул. Школьная",
  "ул. Заводская",
  "ул. Маяковского",
  "ул. Суворова",
  "ул. Свердлова",
  "ул. Калинина",
  "ул. Юбилейная",
  "ул. Строителей",
  "ул. Дзержинского",
  "ул. Лермонтова",
  "пр-т Ленина",
  "пр-т Мира",
  "пр-т Победы",
  "Комсомольский пр-т",
  "Октябрьский пр-т",
  "бул. Гагарина",
  "Московское ш.",
];

const HOURS: readonly (readonly [string, number])[] = [
  ["Пн–Вс 09:00–21:00", 5],
  ["Пн–Вс 10:00–22:00", 4],
  ["Пн–Вс 10:00–21:00", 3],
  ["Пн–Пт 09:00–20:00, Сб–Вс 10:00–18:00", 3],
  ["Пн–Сб 10:00–20:00, Вс 10:00–18:00", 2],
  ["Пн–Пт 08:00–20:00, Сб 09:00–18:00, Вс — выходной", 1],
  ["Круглосуточно", 1],
];

export function pickupPointCount(city: CitySeed, rng: Random): number {
  if (city.population >= 5_000_000) return 25;
  if (city.population >= 1_000_000) return 10;
  return rng.int(3, 6);
}

function pointName(provider: string, rng: Random): string {
  switch (provider) {
    case "Почта России":
      return `Отделение Почты России № ${rng.int(1, 99)}`;
    case "5Post":
      return rng.chance(0.6) ? "Постамат 5Post в «Пятёрочке»" : "Пункт выдачи 5Post";
    case "Boxberry":
      return "Пункт выдачи Boxberry";
    case "СДЭК":
      return "Пункт выдачи СДЭК";
    default:
      return "Пункт выдачи Витрина";
  }
}

/** Pickup points of one city, scattered within a few kilometres of its centre. */
export function generatePickupPoints(seed: number, city: CitySeed): PickupPointSeed[] {
  const rng = new Random(deriveSeed(seed, "pickup-points", city.name, city.region));
  const count = pickupPointCount(city, rng);
  // Bigger cities spread further: ~3 km for a small city, ~12 km for Moscow.
  const radiusKm = Math.min(12, 2 + 2.7 * Math.sqrt(city.population / 1_000_000));
  const kmPerDegreeLon = 111.32 * Math.cos((city.latitude * Math.PI) / 180);
  const used = new Set<string>();
  const points: PickupPointSeed[] = [];
  for (let i = 0; i < count; i++) {
    const provider = rng.weighted(PROVIDERS);
    let address = "";
    do {
      address = `${rng.pick(STREETS)}, ${rng.int(1, 120)}${rng.chance(0.15) ? `, корп. ${rng.int(1, 4)}` : ""}`;
    } while (used.has(address));
    used.add(address);
    // Uniform over a disc: the square root keeps points from bunching in the middle.
    const distance = radiusKm * Math.sqrt(rng.next());
    const angle = rng.next() * 2 * Math.PI;
    const latitude = city.latitude + (distance * Math.sin(angle)) / 111.32;
    const longitude = city.longitude + (distance * Math.cos(angle)) / kmPerDegreeLon;
    points.push({
      provider,
      name: pointName(provider, rng),
      address,
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      hours: provider === "5Post" && rng.chance(0.3) ? "Круглосуточно" : rng.weighted(HOURS),
    });
  }
  return points;
}

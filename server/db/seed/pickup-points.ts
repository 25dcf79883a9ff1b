import type { OpeningHours, ScheduleException, WeeklySchedule } from "#contract/delivery.ts";
import type { CitySeed } from "./cities.ts";
import { deriveSeed, Random } from "./random.ts";
import type { StreetSeed } from "./streets.ts";

export interface PickupPointSeed {
  provider: string;
  kind: "point" | "parcel_locker";
  name: string;
  /** «ул Ленина, д 12» (DaData's street and house, as the address suggestions give it). */
  address: string;
  latitude: number;
  longitude: number;
  hours: string;
  schedule: WeeklySchedule;
  scheduleExceptions: ScheduleException[];
  storageDays: number;
  fittingRoom: boolean;
  cardPayment: boolean;
  cashPayment: boolean;
  weightLimitKg: number;
  howToFind: string;
  /** The house the point stands in: indexes into the city's streets and that street's houses. */
  streetIndex: number;
  houseIndex: number;
}

const PROVIDERS: readonly (readonly [string, number])[] = [
  ["Витрина", 5],
  ["Boxberry", 2],
  ["СДЭК", 3],
  ["Почта России", 2],
  ["5Post", 2],
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

function pointName(provider: string, kind: PickupPointSeed["kind"], rng: Random): string {
  if (kind === "parcel_locker")
    return provider === "5Post" ? "Постамат 5Post в «Пятёрочке»" : `Постамат ${provider}`;
  switch (provider) {
    case "Почта России":
      return `Отделение Почты России № ${rng.int(1, 99)}`;
    case "5Post":
      return "Пункт выдачи 5Post";
    case "Boxberry":
      return "Пункт выдачи Boxberry";
    case "СДЭК":
      return "Пункт выдачи СДЭК";
    default:
      return "Пункт выдачи Витрина";
  }
}

const DAY_LABELS = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"] as const;

/** "Пн–Пт 09:00–20:00, Сб–Вс 10:00–18:00" as a week from Monday; "Круглосуточно" is 00:00–24:00 daily. */
export function parseHours(text: string): WeeklySchedule {
  if (text === "Круглосуточно") return Array.from({ length: 7 }, () => ({ opens: "00:00", closes: "24:00" }));
  const week: (OpeningHours | null)[] = Array.from({ length: 7 }, () => null);
  for (const part of text.split(", ")) {
    const match = /^(\S+?)(?:–(\S+))? (?:(\d{2}:\d{2})–(\d{2}:\d{2})|— выходной)$/u.exec(part);
    if (!match) throw new Error(`Unreadable hours: ${part}`);
    const from = DAY_LABELS.indexOf(match[1] as (typeof DAY_LABELS)[number]);
    const to = match[2] ? DAY_LABELS.indexOf(match[2] as (typeof DAY_LABELS)[number]) : from;
    if (from < 0 || to < 0) throw new Error(`Unreadable days: ${part}`);
    for (let d = from; d <= to; d++)
      week[d] = match[3] && match[4] ? { opens: match[3], closes: match[4] } : null;
  }
  return week;
}

const HOW_TO_FIND_POINT = [
  "Вход с улицы, вывеска «{name}». Первый этаж, справа от входа.",
  "Вход со стороны двора, через арку. Второй подъезд, цокольный этаж.",
  "В торговом центре, первый этаж, рядом с аптекой.",
  "Отдельный вход с торца дома, крыльцо с пандусом.",
  "В бизнес-центре: на ресепшене скажите, что идёте в пункт выдачи. Третий этаж.",
];
const HOW_TO_FIND_LOCKER = [
  "В магазине у входа, слева от касс. Код получения придёт в СМС.",
  "В холле жилого комплекса у лифтов. Доступ круглосуточно.",
  "У входа в супермаркет, под навесом.",
];

/** New Year: a short day on 31 December and closed on 1 January (points open round the clock excepted). */
function holidayExceptions(schedule: WeeklySchedule): ScheduleException[] {
  if (schedule.every((d) => d?.opens === "00:00" && d.closes === "24:00")) return [];
  return [
    { date: "2026-12-31", hours: { opens: "10:00", closes: "16:00" } },
    { date: "2027-01-01", hours: null },
  ];
}

/**
 * Pickup points of one city, each in a house of the city's generated streets (so its address is one the
 * suggestions know and it sits on a street of the fallback map).
 */
export function generatePickupPoints(
  seed: number,
  city: CitySeed,
  streets: readonly StreetSeed[],
): PickupPointSeed[] {
  const rng = new Random(deriveSeed(seed, "pickup-points", city.name, city.region));
  const count = pickupPointCount(city, rng);
  const used = new Set<string>();
  const points: PickupPointSeed[] = [];
  while (points.length < count) {
    const provider = rng.weighted(PROVIDERS);
    const streetIndex = rng.int(0, streets.length - 1);
    const street = streets[streetIndex] as StreetSeed;
    const houseIndex = rng.int(0, street.houses.length - 1);
    const house = street.houses[houseIndex] as StreetSeed["houses"][number];
    const key = `${streetIndex}:${houseIndex}`;
    if (used.has(key)) continue;
    used.add(key);
    const address = [street.withType, `д ${house.number}`, ...(house.block ? [`к ${house.block}`] : [])].join(
      ", ",
    );
    const kind: PickupPointSeed["kind"] =
      provider === "5Post"
        ? rng.chance(0.6)
          ? "parcel_locker"
          : "point"
        : rng.chance(0.15)
          ? "parcel_locker"
          : "point";
    const locker = kind === "parcel_locker";
    const hours = locker && rng.chance(0.5) ? "Круглосуточно" : rng.weighted(HOURS);
    const schedule = parseHours(hours);
    const name = pointName(provider, kind, rng);
    points.push({
      provider,
      kind,
      name,
      address,
      latitude: house.latitude,
      longitude: house.longitude,
      hours,
      schedule,
      scheduleExceptions: holidayExceptions(schedule),
      storageDays: locker ? 3 : provider === "Почта России" ? 15 : 7,
      fittingRoom: !locker && provider !== "Почта России" && rng.chance(0.5),
      cardPayment: locker || rng.chance(0.85),
      cashPayment: !locker,
      weightLimitKg: locker ? 15 : provider === "Почта России" ? 20 : 30,
      howToFind: (locker ? rng.pick(HOW_TO_FIND_LOCKER) : rng.pick(HOW_TO_FIND_POINT)).replace(
        "{name}",
        name,
      ),
      streetIndex,
      houseIndex,
    });
  }
  return points;
}

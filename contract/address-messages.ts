/**
 * What the delivery step says when an address cannot be delivered to (the spec names the texts "incomplete
 * address or map point, unknown address, geocode failed" and "out of range" but does not give them; ADR
 * 035). Pure: no zod, so the delivery step's form and the server share them without weight.
 */
export const addressProblemMessages = {
  /** Typed or suggested text with a street but no house. */
  incomplete: "Уточните адрес: укажите номер дома",
  /** A map point (or "find me") that lands on a street but not on a house. */
  incompletePoint: "Уточните точку на карте: поставьте метку на дом",
  /** Text that matches no street of the city. */
  unknown: "Не нашли такой адрес. Проверьте улицу и номер дома или выберите адрес из подсказок",
  /** A point with no house within reach, or the lookup itself failed. */
  geocodeFailed:
    "Не удалось определить адрес по этой точке. Передвиньте метку ближе к дому или введите адрес",
  /** Outside the city's courier delivery zone. */
  outOfRange: "Сюда курьер пока не доставляет. Выберите другой адрес или пункт выдачи",
} as const;

export type AddressProblem = keyof typeof addressProblemMessages;

/** The few fields of a DaData "clean" answer that say whether a courier can find the address. */
export interface CleanQuality {
  /** 0 recognised with confidence, 1 parts left over or missing, 2 empty or garbage. */
  qc: number;
  /** 0 exact house, 1 nearest house, 2 street, 3 settlement, 4 city, 5 not found. */
  qc_geo: number;
  /** 2 the house exists, 10 not found. */
  qc_house: number;
  house: string | null;
  street: string | null;
}

/**
 * Which problem (if any) a cleaned address has: no street found, or a house the street does not have, is
 * unknown; a street without a house is incomplete (or, for a map point, an incomplete point); a point
 * with nothing near it is a failed geocode.
 */
export function addressProblem(clean: CleanQuality, from: "text" | "point" = "text"): AddressProblem | null {
  if (clean.qc_geo >= 5) return from === "point" ? "geocodeFailed" : "unknown";
  if (clean.street === null || clean.qc >= 2) return from === "point" ? "geocodeFailed" : "unknown";
  if (clean.house === null) return from === "point" ? "incompletePoint" : "incomplete";
  if (clean.qc_house >= 10) return from === "point" ? "geocodeFailed" : "unknown";
  return null;
}

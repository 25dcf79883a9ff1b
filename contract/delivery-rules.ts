// The delivery contract's pieces without zod (like basket-rules.ts), so the delivery step's first load
// can use them: pickup point kinds and their names, and how a suggestion's street and house are written.
// contract/delivery.ts and contract/suggest.ts re-export them.

export const PICKUP_POINT_KINDS = ["point", "parcel_locker"] as const;
export type PickupPointKind = (typeof PICKUP_POINT_KINDS)[number];
export const PICKUP_POINT_KIND_LABELS: Record<PickupPointKind, string> = {
  point: "Пункт выдачи",
  parcel_locker: "Постамат",
};

/** «ул Ленина, д 12, к 2»: a suggestion's street and house, as the address field keeps them. */
export function streetAndHouse(data: {
  street_with_type: string | null;
  house_type: string | null;
  house: string | null;
  block_type: string | null;
  block: string | null;
}): string {
  const parts: string[] = [];
  if (data.street_with_type) parts.push(data.street_with_type);
  if (data.house) parts.push(`${data.house_type ?? "д"} ${data.house}`);
  if (data.block) parts.push(`${data.block_type ?? "к"} ${data.block}`);
  return parts.join(", ");
}

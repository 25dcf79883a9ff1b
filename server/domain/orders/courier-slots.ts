import { SLOT_DAYS } from "#contract/delivery.ts";
import { slotCapacity, slotWindow } from "#server/domain/delivery/slot-rules.ts";
import type { SlotPolicy } from "./service.ts";

/**
 * The courier windows placement books: the delivery rules' windows and places per city (ADR 036,
 * server/domain/delivery/slot-rules.ts), the same ones `GET /api/v1/deliveries/slots` lists, so the free
 * places a shopper sees and the booking agree. A row of delivery_slots may set another capacity for its
 * window (a holiday, a short-staffed day).
 */
export const courierSlotPolicy: SlotPolicy = {
  window: slotWindow,
  capacity: slotCapacity,
  days: SLOT_DAYS,
};

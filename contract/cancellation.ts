import { z } from "zod";
import {
  SHOPPER_CANCEL_REASONS,
  type ShopperCancelReason,
  STAFF_CANCEL_REASONS,
  type StaffCancelReason,
} from "./cancellation-rules.ts";

// The requests that call off an order or a parcel; who may, until when, and why: cancellation-rules.ts.

const reasonError = { error: "Выберите причину отмены" };
const shipmentId = z
  .number({ error: "Отправление не найдено" })
  .int({ error: "Отправление не найдено" })
  .positive({ error: "Отправление не найдено" })
  .optional();

/** `POST /api/v1/orders/{id}/cancel`: the whole order, or one parcel of it (`shipmentId`). */
export const shopperCancelSchema = z.object({
  reason: z.enum(Object.keys(SHOPPER_CANCEL_REASONS) as [ShopperCancelReason], reasonError),
  shipmentId,
});
export type ShopperCancelInput = z.infer<typeof shopperCancelSchema>;

/** `POST /api/v1/admin/orders/{id}/cancel`: the same on an operator's word. */
export const staffCancelSchema = z.object({
  reason: z.enum(Object.keys(STAFF_CANCEL_REASONS) as [StaffCancelReason], reasonError),
  shipmentId,
});
export type StaffCancelInput = z.infer<typeof staffCancelSchema>;

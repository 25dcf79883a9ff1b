import { z } from "zod";

/** What kind of failure it is; each type has one HTTP status (see server/errors.ts). */
export const API_ERROR_TYPES = [
  "validation",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "unavailable",
  "internal",
] as const;
export type ApiErrorType = (typeof API_ERROR_TYPES)[number];

/**
 * Every machine-readable reason the API gives. A new reason is added here first, so the server cannot
 * throw a code the storefront does not know, and the storefront cannot test for one the server never sends.
 * A type doubles as the code when nothing more specific applies.
 */
export const API_ERROR_CODES = [
  ...API_ERROR_TYPES,
  "invalid_parameters",
  "url_too_long",
  "invalid_json",
  "route_not_found",
  "page_not_found",
  "sitemap_not_found",
  "image_not_found",
  "maintenance",
  "cross_origin",
  "not_signed_in",
  "product_not_found",
  "category_not_found",
  "brand_not_found",
  "seller_not_found",
  "catalog_menu_node_not_found",
  "city_not_found",
  "cities_unavailable",
  "database_unavailable",
  "query_timeout",
  "service_busy",
  "body_too_large",
  "otp_invalid",
  "otp_expired",
  "otp_exhausted",
  "otp_cooldown",
  "otp_rate_limited",
  "sms_unavailable",
  "acquirer_unavailable",
  "address_not_found",
  "address_limit",
  "recipient_not_found",
  "recipient_limit",
  "phone_in_use",
  "wishlist_full",
  "wishlist_item_not_found",
  "profile_import_not_found",
  "pickup_point_not_found",
  "basket_line_not_found",
  "basket_full",
  "basket_quantity_capped",
  "product_sold_out",
  "product_not_sold",
  "order_not_found",
  "basket_empty",
  "too_many_unpaid_orders",
  "basket_changed",
  "order_lines_changed",
  "slot_required",
  "slot_unavailable",
  "slot_full",
  "recipient_required",
  "delivery_city_unknown",
  "bonus_invalid",
  "order_not_payable",
  "payment_in_progress",
  "payment_not_verified",
  "address_out_of_range",
  "role_required",
  "role_not_held",
  "own_admin_role",
  "payment_problem_not_found",
  "already_resolved",
  "retry_not_available",
  "retry_not_applicable",
  "payment_not_returning",
  "retry_in_progress",
  "nothing_to_retry",
  "below_reserved",
  "last_admin",
  "user_not_found",
  "transition_not_allowed",
  "cancel_not_allowed",
  "shipment_not_found",
  "image_too_large",
  "image_format",
  "image_heic",
  "image_too_many_pixels",
  "image_damaged",
  "upload_not_found",
  "appeal_not_found",
  "appeal_closed",
  "support_appeals_limit",
  "support_messages_limit",
  "return_not_found",
  "return_line_not_found",
  "return_not_delivered",
  "return_quantity_exceeded",
  "return_window_closed",
  "return_not_cancellable",
  "return_decided",
  "returns_limit",
  "review_not_found",
  "review_not_buyer",
  "review_exists",
  "reviews_limit",
  "review_own",
  "review_state",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The JSON body of every failed API call. */
export const apiErrorBodySchema = z
  .object({
    status: z.number().int().describe("HTTP-статус ответа"),
    code: z.enum(API_ERROR_CODES).describe("Машиночитаемая причина ошибки"),
    type: z.enum(API_ERROR_TYPES).describe("Класс ошибки"),
    message: z.string().describe("Сообщение для покупателя, на русском"),
    fields: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe("Поля запроса с ошибками (только для validation)"),
    lines: z
      .array(
        z.object({
          productId: z.number().int(),
          code: z.string(),
          message: z.string(),
          price: z.number().int().optional(),
          available: z.number().int().optional(),
        }),
      )
      .optional()
      .describe("Строки заказа, которые нельзя купить как есть (только для order_lines_changed)"),
  })
  .meta({ description: "Ошибка API" });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

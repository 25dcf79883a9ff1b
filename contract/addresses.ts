import { z } from "zod";
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_PART_MAX_LENGTH,
  addressMessages,
  COMMENT_MAX_LENGTH,
  DELIVERY_TYPES,
  INTERCOM_MAX_LENGTH,
  isCompleteAddress,
} from "./address-book.ts";
import { MAX_ID } from "./numeric-id.ts";
import { messages } from "./validation.ts";

// The request bodies of the shopper's delivery addresses (ADR 031): the API validates with these, and the
// address form on /personal/address/{addressId} uses the very same schemas through react-hook-form.

/** Optional short text: trimmed; empty, null or absent are all "not given" (null). */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional coordinate: a finite number within ±`limit`, or null. */
function coordinate(limit: number, message: string) {
  return z
    .number({ error: message })
    .min(-limit, { error: message })
    .max(limit, { error: message })
    .nullish()
    .transform((value) => value ?? null);
}

const cityIdSchema = z
  .number({ error: addressMessages.city })
  .int({ error: addressMessages.city })
  .positive({ error: addressMessages.city })
  .max(MAX_ID, { error: addressMessages.cityUnknown });

export const streetAddressSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(ADDRESS_MAX_LENGTH, { error: addressMessages.addressTooLong, abort: true })
  .refine(isCompleteAddress, { error: addressMessages.incomplete });

/** A courier address: the typed street address, the flat's details and a comment for the courier. */
export const courierAddressInputSchema = z
  .object({
    type: z.literal("courier"),
    cityId: cityIdSchema,
    address: streetAddressSchema,
    entrance: optionalText(ADDRESS_PART_MAX_LENGTH, addressMessages.partTooLong),
    floor: optionalText(ADDRESS_PART_MAX_LENGTH, addressMessages.partTooLong),
    flat: optionalText(ADDRESS_PART_MAX_LENGTH, addressMessages.partTooLong),
    intercom: optionalText(INTERCOM_MAX_LENGTH, addressMessages.intercomTooLong),
    comment: optionalText(COMMENT_MAX_LENGTH, addressMessages.commentTooLong),
    latitude: coordinate(90, addressMessages.latitude),
    longitude: coordinate(180, addressMessages.longitude),
  })
  .refine((a) => (a.latitude === null) === (a.longitude === null), {
    error: addressMessages.bothCoordinates,
    path: ["latitude"],
  });

/** A pickup address: a pickup point; its address, city and coordinates are the point's. */
export const pickupAddressInputSchema = z.object({
  type: z.literal("pickup"),
  pickupPointId: z
    .number({ error: addressMessages.pickupPoint })
    .int({ error: addressMessages.pickupPoint })
    .positive({ error: addressMessages.pickupPoint })
    .max(MAX_ID, { error: addressMessages.pickupPointUnknown }),
});

/** What `PUT /api/v1/user/address/{id}` takes: a whole address, courier or pickup (the type may change). */
export const addressInputSchema = z.discriminatedUnion(
  "type",
  [courierAddressInputSchema, pickupAddressInputSchema],
  { error: addressMessages.type },
);
export type AddressInput = z.output<typeof addressInputSchema>;
/** The address form's values (before the schema trims and normalises them). */
export type AddressFormValues = z.input<typeof addressInputSchema>;

/** What `POST /api/v1/user/address` takes: an address, and whether to make it the selected one at once. */
export const newAddressInputSchema = z.discriminatedUnion(
  "type",
  [
    courierAddressInputSchema.safeExtend({ selected: z.boolean().optional() }),
    pickupAddressInputSchema.extend({ selected: z.boolean().optional() }),
  ],
  { error: addressMessages.type },
);
export type NewAddressInput = z.output<typeof newAddressInputSchema>;

export const deliveryTypeSchema = z.enum(DELIVERY_TYPES, { error: addressMessages.type });

/** What `PUT /api/v1/user/address/type` takes. */
export const deliveryTypeInputSchema = z.object({ type: deliveryTypeSchema });

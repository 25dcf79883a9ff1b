import { z } from "zod";
import { flagParam, productCardSchema } from "./catalog.ts";
import { idParam } from "./id-param.ts";

export {
  WISHLIST_ADD_LABEL,
  WISHLIST_FULL_MESSAGE,
  WISHLIST_LIMIT,
  WISHLIST_REMOVE_LABEL,
} from "./wishlist-rules.ts";

const productId = () => idParam("Идентификатор товара должен быть целым положительным числом");

export const wishlistItemSchema = z.object({
  productId: z.number().int(),
  /** ISO 8601: when the product was (last) put into the wishlist. */
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistEntrySchema = wishlistItemSchema.extend({ product: productCardSchema });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const wishlistSchema = z.object({
  /** Newest first; only what can be bought now with `inStock`. */
  items: z.array(wishlistEntrySchema),
  /** Every product in the wishlist, whatever the filter: tells "empty" from "nothing in stock". */
  total: z.number().int(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistQuerySchema = z.object({
  /** `1`: only products that can be bought now. */
  inStock: flagParam,
});

export const wishlistIdsSchema = z.object({ productIds: z.array(z.number().int()) });
export type WishlistIds = z.infer<typeof wishlistIdsSchema>;

export const addToWishlistSchema = z.object({ productId: productId() });

export const wishlistParamsSchema = z.object({ productId: productId() });

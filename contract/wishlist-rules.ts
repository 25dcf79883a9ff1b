// Plain rules without zod, so the storefront's bundle can use them without shipping the schema library.

/** How many products a wishlist holds at most (ADR 032). */
export const WISHLIST_LIMIT = 500;

/** What the API answers when the wishlist is full. */
export const WISHLIST_FULL_MESSAGE = `В избранном уже ${WISHLIST_LIMIT} товаров. Удалите ненужные, чтобы добавить новые`;

/** The heart's accessible names: what pressing it will do. */
export const WISHLIST_ADD_LABEL = "Добавить в избранное";
export const WISHLIST_REMOVE_LABEL = "Убрать из избранного";

// Plain rules without zod, so the storefront's bundle can use them without shipping the schema library.

/** How many recent queries a visitor keeps. */
export const RECENT_SEARCHES_KEEP = 20;
/** The longest query kept in the history (longer ones are searched but not remembered). */
export const RECENT_SEARCH_MAX_LENGTH = 100;

/**
 * Trims the query and collapses runs of whitespace, as the history stores it. Control characters (NUL
 * cannot even be stored in a text column) and halves of broken surrogate pairs are not text a shopper
 * typed: they are dropped rather than failing the request or being stored as "�".
 */
export function normalizeRecentQuery(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

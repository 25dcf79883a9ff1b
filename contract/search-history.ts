import { z } from "zod";
import { idParam } from "./id-param.ts";
import { normalizeRecentQuery, RECENT_SEARCH_MAX_LENGTH } from "./search-history-rules.ts";

export {
  normalizeRecentQuery,
  RECENT_SEARCH_MAX_LENGTH,
  RECENT_SEARCHES_KEEP,
} from "./search-history-rules.ts";

export const recentSearchSchema = z.object({
  /** Addresses the entry for `DELETE /api/v1/search/recent/{id}`. */
  id: z.number().int(),
  /** As the shopper last typed it (trimmed, whitespace collapsed). */
  query: z.string(),
  /** ISO 8601. */
  searchedAt: z.string(),
});
export type RecentSearch = z.infer<typeof recentSearchSchema>;

export const recentSearchListSchema = z.object({ items: z.array(recentSearchSchema) });
export type RecentSearchList = z.infer<typeof recentSearchListSchema>;

export const recordRecentSearchSchema = z.object({
  query: z
    .string({ error: "Введите поисковый запрос" })
    .transform(normalizeRecentQuery)
    .pipe(
      z
        .string()
        .min(1, { error: "Введите поисковый запрос" })
        .max(RECENT_SEARCH_MAX_LENGTH, {
          error: `Запрос длиннее ${RECENT_SEARCH_MAX_LENGTH} символов`,
        }),
    ),
});
export type RecordRecentSearch = z.infer<typeof recordRecentSearchSchema>;

export const recentSearchParamsSchema = z.object({
  id: idParam("Номер запроса должен быть целым положительным числом", Number.MAX_SAFE_INTEGER),
});

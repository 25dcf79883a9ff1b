import { ApiError } from "#app/lib/api-client.ts";

/**
 * What the operator reads when the API refused a request: the Russian messages it gave for each
 * field (a filter's bad value), else its one sentence (a 409's reason), else a plain fallback.
 */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.body?.fields?.map((f) => f.message) ?? [];
    if (fields.length > 0) return [...new Set(fields)].join(". ");
    if (error.body?.message) return error.body.message;
    if (error.statusMessage === "Network error") return "Нет связи с сервером. Проверьте интернет";
  }
  return "Не получилось. Попробуйте ещё раз через минуту";
}

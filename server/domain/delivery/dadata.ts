/**
 * DaData's HTTP API (ADR 064), the three methods the delivery step needs: suggestions
 * (`suggest/address`), reverse geocoding (`geolocate/address`) and standardisation (`clean/address`,
 * which also needs the secret key). Called from our server only: the key never reaches a browser.
 * https://dadata.ru/api/suggest/address/, https://dadata.ru/api/geolocate/, https://dadata.ru/api/clean/address/
 */

export const DADATA_SUGGESTIONS_URL = "https://suggestions.dadata.ru/suggestions/api/4_1/rs";
export const DADATA_CLEANER_URL = "https://cleaner.dadata.ru/api/v1";
/** A shopper is typing: an answer later than this is worth less than the stand-in's at once. */
export const DADATA_TIMEOUT_MS = 1_500;

export interface DadataSettings {
  apiKey: string;
  /** The secret key: `clean/address` needs it; without it, typed text is checked by a suggestion. */
  secret?: string | undefined;
  /** Base of the suggestions API (a local fake in tests). */
  suggestionsUrl?: string | undefined;
  /** Base of the standardisation API. */
  cleanerUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

/** DaData did not answer in time, answered an error, or answered something that is not its format. */
export class DadataError extends Error {}

/** The part of DaData's address `data` we read (DaData sends some 80 fields, all strings or null). */
export interface DadataRawAddress {
  postal_code?: string | null;
  country?: string | null;
  country_iso_code?: string | null;
  region_with_type?: string | null;
  region?: string | null;
  city_fias_id?: string | null;
  city_with_type?: string | null;
  city_type?: string | null;
  city_type_full?: string | null;
  city?: string | null;
  settlement_with_type?: string | null;
  settlement?: string | null;
  street_fias_id?: string | null;
  street_with_type?: string | null;
  street_type?: string | null;
  street_type_full?: string | null;
  street?: string | null;
  house_fias_id?: string | null;
  house_type?: string | null;
  house_type_full?: string | null;
  house?: string | null;
  block_type?: string | null;
  block_type_full?: string | null;
  block?: string | null;
  flat_type?: string | null;
  flat?: string | null;
  fias_id?: string | null;
  fias_level?: string | null;
  geo_lat?: string | null;
  geo_lon?: string | null;
  qc_geo?: string | number | null;
  timezone?: string | null;
}

export interface DadataRawSuggestion {
  value: string;
  unrestricted_value: string;
  data: DadataRawAddress;
}

/** One answer of `clean/address`: the address fields plus the quality codes (numbers there). */
export interface DadataRawClean extends DadataRawAddress {
  source: string;
  result: string | null;
  qc: number | null;
  qc_complete: number | null;
  qc_house: number | null;
  unparsed_parts: string | null;
}

/** A level of the granular suggestions (`from_bound`, `to_bound`). */
export type DadataBound = "region" | "area" | "city" | "settlement" | "street" | "house" | "flat";

export interface DadataSuggestRequest {
  query: string;
  count: number;
  /** Where to look: `[{ city: "Москва" }]` keeps the suggestions inside the chosen city. */
  locations?: Record<string, string>[];
  from_bound?: { value: DadataBound };
  to_bound?: { value: DadataBound };
  restrict_value?: boolean;
}

export interface DadataGeolocateRequest {
  lat: number;
  lon: number;
  radius_meters: number;
  count: number;
}

function isSuggestions(body: unknown): body is { suggestions: DadataRawSuggestion[] } {
  const list = (body as { suggestions?: unknown } | null)?.suggestions;
  return (
    Array.isArray(list) &&
    list.every((s) => typeof s?.value === "string" && typeof s?.data === "object" && s.data !== null)
  );
}

export function createDadataClient(settings: DadataSettings, fetchImpl: typeof fetch = fetch) {
  const suggestionsUrl = (settings.suggestionsUrl ?? DADATA_SUGGESTIONS_URL).replace(/\/+$/, "");
  const cleanerUrl = (settings.cleanerUrl ?? DADATA_CLEANER_URL).replace(/\/+$/, "");
  const timeoutMs = settings.timeoutMs ?? DADATA_TIMEOUT_MS;

  async function post(url: string, body: unknown, secret: boolean): Promise<unknown> {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
      Authorization: `Token ${settings.apiKey}`,
    };
    if (secret && settings.secret) headers["X-Secret"] = settings.secret;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      // The URL without the key: the key travels in a header, never in the message.
      throw new DadataError(
        timedOut ? `DaData did not answer in ${timeoutMs} ms` : "DaData could not be reached",
        {
          cause: error,
        },
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DadataError(`DaData answered HTTP ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new DadataError("DaData answered something that is not JSON", { cause: error });
    }
  }

  return {
    /** Whether `clean` can be called (the secret key is set). */
    canClean: Boolean(settings.secret),

    async suggestAddress(request: DadataSuggestRequest): Promise<DadataRawSuggestion[]> {
      const body = await post(`${suggestionsUrl}/suggest/address`, request, false);
      if (!isSuggestions(body)) throw new DadataError("DaData's suggestions are not in its format");
      return body.suggestions;
    },

    async geolocate(request: DadataGeolocateRequest): Promise<DadataRawSuggestion[]> {
      const body = await post(`${suggestionsUrl}/geolocate/address`, request, false);
      if (!isSuggestions(body)) throw new DadataError("DaData's geolocation is not in its format");
      return body.suggestions;
    },

    /** `clean/address` for one text; needs the secret key. */
    async clean(text: string): Promise<DadataRawClean> {
      if (!settings.secret) throw new DadataError("DaData's standardisation needs the secret key");
      const body = await post(`${cleanerUrl}/clean/address`, [text], true);
      const first = Array.isArray(body) ? (body[0] as DadataRawClean | undefined) : undefined;
      if (!first || typeof first !== "object" || typeof first.source !== "string") {
        throw new DadataError("DaData's standardisation is not in its format");
      }
      return first;
    },
  };
}
export type DadataClient = ReturnType<typeof createDadataClient>;

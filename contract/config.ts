import { z } from "zod";

export const themeSchema = z.enum(["alfa", "halva"]);
export type Theme = z.infer<typeof themeSchema>;

export const publicConfigSchema = z.object({
  theme: themeSchema,
  features: z.object({
    alfaId: z.boolean(),
    cashbackInCartBtn: z.boolean(),
    topProfit: z.boolean(),
  }),
  /** The online bank's authorisation address, for the 401 screen. */
  authUrl: z.string(),
  /** Yandex Metrika counter id, or null when analytics is off. */
  ymId: z.string().nullable(),
  /**
   * The pickup map (ADR 039): the public browser key of Yandex Maps JS API v3, else Leaflet over `tilesUrl`
   * (an `{z}/{x}/{y}` template) or, when both are null, over the generated basemap of the city's streets.
   */
  map: z.object({ yandexApiKey: z.string().nullable(), tilesUrl: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

import { z } from "zod";

// Catalogue pictures (issue 22, point 1; ADR 061): what an operator's upload becomes.

export const catalogImageSchema = z.object({
  id: z.string().describe("Идентификатор картинки: 22 символа base64url"),
  url: z.string().describe("Адрес картинки без ширины: /img/<id>; страницы добавляют /<ширина>"),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().describe("Средний цвет картинки, #rrggbb: фон, пока она грузится"),
});
export type CatalogImage = z.infer<typeof catalogImageSchema>;

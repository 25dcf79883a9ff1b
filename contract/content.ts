import { z } from "zod";
import { CONTENT_SLUG } from "./input-bounds.ts";

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageListSchema = z.object({
  items: z.array(z.object({ slug: z.string(), title: z.string(), updatedAt: z.string() })),
});

export { CONTENT_SLUG };

export const slugParamsSchema = z.object({
  slug: z.string().regex(CONTENT_SLUG, { error: "Неверный адрес страницы" }),
});

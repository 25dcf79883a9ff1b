import { z } from "zod";

export const SEO_PATH_MAX_LENGTH = 512;

export const breadcrumbSchema = z.object({
  name: z.string(),
  /** Site path ("/catalog") or absolute URL; made absolute for JSON-LD. */
  url: z.string(),
});
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** The spec's SEO record (section 3): every page has one, from the SEO endpoint or derived from its title. */
export const seoRecordSchema = z.object({
  h1: z.string(),
  title: z.string(),
  pageTitle: z.string(),
  pageId: z.string(),
  description: z.string(),
  keywords: z.string(),
  breadcrumbs: z.array(breadcrumbSchema),
});
export type SeoRecord = z.infer<typeof seoRecordSchema>;

/** `GET /api/v1/seo?path=/catalog`: the page path, without origin. */
export const seoQuerySchema = z.object({
  path: z
    .string({ error: "Укажите путь страницы" })
    .regex(/^\//, { error: "Путь страницы должен начинаться с «/»" })
    .max(SEO_PATH_MAX_LENGTH, { error: `Путь страницы длиннее ${SEO_PATH_MAX_LENGTH} символов` }),
});
export type SeoQuery = z.infer<typeof seoQuerySchema>;

import { z } from "zod";
import { idParam } from "./id-param.ts";
import {
  BANNER_SUBTITLE_MAX,
  BANNER_THEMES,
  BANNER_TITLE_MAX,
  PRODUCT_PHOTOS_MAX,
} from "./merchandising-rules.ts";
import { MAX_ROW_ID } from "./numeric-id.ts";

export * from "./merchandising-rules.ts";

// What the shop shows to sell (issue 22, points 1 and 6; ADR 067): a product's photos as operators order
// them, the home page's banners, and the home page's data (banners and the catalogue's tiles).

/** An image id as the image pipeline gives it: 22 characters of base64url (ADR 061). */
const imageId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: "Неверный идентификатор картинки" });

// ---------------------------------------------------------------------------------------------------------
// A product's photos

export const productPhotosParamsSchema = z.object({
  productId: idParam("Номер товара должен быть целым положительным числом"),
});

export const adminProductQuerySchema = z.object({
  q: z
    .string({ error: "Введите артикул, номер или название товара" })
    .trim()
    .min(1, { error: "Введите артикул, номер или название товара" })
    .max(200, { error: "Не длиннее 200 символов" }),
});

export const adminProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** The hero picture's base (`/img/<id>`), or null for a product without photos. */
  heroUrl: z.string().nullable(),
  photoCount: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.object({ items: z.array(adminProductSchema) });

export const productPhotoSchema = z.object({
  /** Null for a picture from before the image pipeline (a whole URL): it cannot be kept by id. */
  imageId: z.string().nullable(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** The average colour, `#rrggbb` ("" when unknown). */
  placeholder: z.string(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

export const productPhotosSchema = z.object({
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  photos: z.array(productPhotoSchema),
});
export type ProductPhotos = z.infer<typeof productPhotosSchema>;

export const replacePhotosSchema = z.object({
  imageIds: z
    .array(imageId, { error: "Передайте список картинок" })
    .min(1, { error: "У товара должно быть хотя бы одно фото" })
    .max(PRODUCT_PHOTOS_MAX, { error: `Не больше ${PRODUCT_PHOTOS_MAX} фото у товара` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Одно фото добавлено дважды" }),
});
export type ReplacePhotosInput = z.infer<typeof replacePhotosSchema>;

// ---------------------------------------------------------------------------------------------------------
// Banners

const dateTime = z.iso.datetime({ offset: true, error: "Дата и время в формате ISO 8601" }).nullable();

export const bannerInputSchema = z
  .object({
    title: z
      .string({ error: "Введите заголовок" })
      .trim()
      .min(1, { error: "Введите заголовок" })
      .max(BANNER_TITLE_MAX, { error: `Заголовок — не длиннее ${BANNER_TITLE_MAX} символов` }),
    subtitle: z
      .string()
      .trim()
      .max(BANNER_SUBTITLE_MAX, { error: `Подзаголовок — не длиннее ${BANNER_SUBTITLE_MAX} символов` })
      .default(""),
    link: z
      .string({ error: "Укажите ссылку" })
      .trim()
      .max(500, { error: "Ссылка — не длиннее 500 символов" })
      .regex(/^\/(?!\/)[^\s\\]*$/, {
        error: "Ссылка ведёт на страницу магазина: начинается с /, например /catalog",
      }),
    imageId: imageId.describe("Картинка баннера: id из POST /api/v1/admin/images"),
    /** Null: both themes. */
    theme: z.enum(BANNER_THEMES, { error: "Тема: alfa, halva или обе (null)" }).nullable().default(null),
    startsAt: dateTime.default(null),
    endsAt: dateTime.default(null),
    isActive: z.boolean({ error: "Укажите, показывать ли баннер" }).default(true),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    error: "Окончание показа должно быть позже начала",
    path: ["endsAt"],
  });
export type BannerInput = z.input<typeof bannerInputSchema>;
export type BannerData = z.output<typeof bannerInputSchema>;

export const bannerParamsSchema = z.object({
  id: idParam("Номер баннера должен быть целым положительным числом", MAX_ROW_ID),
});

export const bannerOrderSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: "Передайте номера баннеров по порядку" })
    .min(1, { error: "Передайте номера баннеров по порядку" })
    .max(200, { error: "Не больше 200 баннеров" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Баннер указан дважды" }),
});

const bannerImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});

export const adminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  imageId: z.string(),
  image: bannerImageSchema,
  theme: z.enum(BANNER_THEMES).nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  /** Whether the home page shows it now (active, in its dates) in some theme. */
  showingNow: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerListSchema = z.object({ items: z.array(adminBannerSchema) });

// ---------------------------------------------------------------------------------------------------------
// The home page

export const homeBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  image: bannerImageSchema.extend({
    /** A tiny blurred copy (PNG data URL) for the first banner, the page's largest picture. */
    blur: z.string(),
  }),
});
export type HomeBanner = z.infer<typeof homeBannerSchema>;

export const homeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The hero picture of the section's most popular product in stock, or null for an empty section. */
  image: bannerImageSchema.nullable(),
});
export type HomeCategory = z.infer<typeof homeCategorySchema>;

export const homeSchema = z.object({
  banners: z.array(homeBannerSchema),
  categories: z.array(homeCategorySchema),
});
export type HomeData = z.infer<typeof homeSchema>;

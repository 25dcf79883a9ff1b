import type { SectionKey } from "./catalog-types.ts";
import { sql } from "drizzle-orm";
import { categoryUrl } from "#contract/urls.ts";
import type { Database } from "#server/db/client.ts";
import { banners, images } from "#server/db/schema/index.ts";
import { drawRecipe } from "#server/domain/images/draw.ts";
import { generatedImageId, generatedThumbHash } from "#server/domain/images/generated.ts";
import { BANNER_H, BANNER_W, type BannerScene } from "#server/domain/media/art/banners.ts";
import { ART_VERSION } from "#server/domain/media/art/index.ts";
import { categoryNodes } from "./catalog-tree.ts";

// The demo shop's home page banners (issue 22, point 6; ADR 067): four per theme, each a drawn scene of the
// catalogue's own products in the theme's colour (no text in the picture), leading to a catalogue section.

interface BannerSeed {
  theme: "alfa" | "halva";
  scene: BannerScene;
  title: string;
  subtitle: string;
  /** The catalogue section it leads to (catalog-tree's section key). */
  section: SectionKey;
}

const ALFA = "ef3124";
const HALVA = "ff5c00";

export const SEED_BANNERS: readonly BannerSeed[] = [
  {
    theme: "alfa",
    scene: "tech",
    title: "Смартфоны и ноутбуки",
    subtitle: "Кешбэк баллами до 10 % на технику",
    section: "electronics",
  },
  {
    theme: "alfa",
    scene: "kitchen",
    title: "Техника для кухни",
    subtitle: "Чайники, кофемашины и блендеры",
    section: "appliances",
  },
  {
    theme: "alfa",
    scene: "style",
    title: "Одежда и обувь",
    subtitle: "Новые коллекции от проверенных продавцов",
    section: "fashion",
  },
  {
    theme: "alfa",
    scene: "sport",
    title: "Спорт и отдых",
    subtitle: "Всё для тренировок дома и на улице",
    section: "sport",
  },
  {
    theme: "halva",
    scene: "gadgets",
    title: "Гаджеты частями с Халвой",
    subtitle: "Оплата частями без переплаты",
    section: "electronics",
  },
  {
    theme: "halva",
    scene: "kids",
    title: "Подарки детям",
    subtitle: "Игрушки и всё для малышей",
    section: "kids",
  },
  {
    theme: "halva",
    scene: "beauty",
    title: "Красота и уход",
    subtitle: "Кремы, ароматы и косметика",
    section: "beauty",
  },
  {
    theme: "halva",
    scene: "home",
    title: "Уютный дом",
    subtitle: "Текстиль, посуда и свет",
    section: "home",
  },
];

/** The recipe of a banner's picture: `banner-<scene>/<theme colour>/0` (server/domain/images/draw.ts). */
export const bannerRecipe = (b: Pick<BannerSeed, "theme" | "scene">) =>
  `banner-${b.scene}/${b.theme === "alfa" ? ALFA : HALVA}/0`;

/**
 * The demo banners and their pictures, when the shop has no banners yet: the seed never replaces an
 * operator's (re-seeding keeps the banners table).
 */
export async function insertBanners(db: Database, categoryIds: ReadonlyMap<string, number>): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(banners);
  if (Number(existing?.n) > 0) return 0;
  const sections = new Map(
    categoryNodes
      .filter((c) => c.depth === 0)
      .map((c) => [c.section, { id: categoryIds.get(c.key), slug: c.slug }] as const),
  );
  const rows = [];
  for (const [position, b] of SEED_BANNERS.entries()) {
    const recipe = bannerRecipe(b);
    const svg = drawRecipe(recipe);
    if (!svg) throw new Error(`No drawing for ${recipe}`);
    const id = generatedImageId(recipe, ART_VERSION);
    await db
      .insert(images)
      .values({
        id,
        source: "generated",
        recipe,
        width: BANNER_W,
        height: BANNER_H,
        placeholder: await generatedThumbHash(svg),
      })
      .onConflictDoNothing({ target: images.id });
    const section = sections.get(b.section);
    if (!section?.id) throw new Error(`Unknown section ${b.section}`);
    rows.push({
      title: b.title,
      subtitle: b.subtitle,
      link: categoryUrl({ id: section.id, slug: section.slug }),
      imageId: id,
      theme: b.theme,
      position,
    });
  }
  await db.insert(banners).values(rows);
  return rows.length;
}

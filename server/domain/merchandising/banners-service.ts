import type { AdminBanner, BannerData, BannerTheme, HomeData } from "#contract/merchandising.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor } from "#server/domain/audit/repository.ts";
import { placeholderColour, placeholderDataUrl } from "#server/domain/images/placeholder.ts";
import { AppError } from "#server/errors.ts";
import { isShowing, selectBanners } from "./banner-selection.ts";
import { imageNotFound, type MerchandisingRepositories } from "./photos-service.ts";
import type { BannerRow, ImageFacts } from "./repository.ts";

// The home page's banners, managed by operators in /admin/banners, and what the home page shows
// (issue 22, point 6; ADR 067). The table's trigger drops the cached pages on every change.

const bannerNotFound = () => new AppError("not_found", "Баннер не найден", { code: "banner_not_found" });

const imageOf = (image: ImageFacts) => ({
  url: `/img/${image.id}`,
  width: image.width,
  height: image.height,
  placeholder: placeholderColour(image.placeholder),
});

function adminView(row: BannerRow & { image: ImageFacts }, now: Date): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    link: row.link,
    imageId: row.imageId,
    image: imageOf(row.image),
    theme: row.theme,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    position: row.position,
    isActive: row.isActive,
    showingNow: isShowing(row, now),
  };
}

const values = (data: BannerData) => ({
  title: data.title,
  subtitle: data.subtitle,
  link: data.link,
  imageId: data.imageId,
  theme: data.theme,
  startsAt: data.startsAt ? new Date(data.startsAt) : null,
  endsAt: data.endsAt ? new Date(data.endsAt) : null,
  isActive: data.isActive,
});

const audited = (data: BannerData) => ({ ...data });

export function createBannersService(
  work: UnitOfWork<MerchandisingRepositories>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  const { merchandising } = work.repositories;

  const one = async (id: number): Promise<AdminBanner> => {
    const row = (await merchandising.banners()).find((b) => b.id === id);
    if (!row) throw bannerNotFound();
    return adminView(row, now());
  };

  const checkImage = async (r: MerchandisingRepositories, imageId: string) => {
    if ((await r.merchandising.images([imageId])).length === 0) throw imageNotFound([imageId]);
  };

  return {
    async list(): Promise<AdminBanner[]> {
      const at = now();
      return (await merchandising.banners()).map((b) => adminView(b, at));
    },

    async create(actor: AuditActor, data: BannerData): Promise<AdminBanner> {
      const id = await work.transaction(async (r) => {
        await checkImage(r, data.imageId);
        const row = await r.merchandising.insertBanner(values(data));
        await r.audit.record(actor, {
          action: "banner.create",
          target: `banner:${row.id}`,
          details: audited(data),
        });
        return row.id;
      });
      return one(id);
    },

    async update(actor: AuditActor, id: number, data: BannerData): Promise<AdminBanner> {
      await work.transaction(async (r) => {
        const before = await r.merchandising.banner(id, true);
        if (!before) throw bannerNotFound();
        await checkImage(r, data.imageId);
        await r.merchandising.updateBanner(id, values(data));
        await r.audit.record(actor, {
          action: "banner.update",
          target: `banner:${id}`,
          details: { ...audited(data), wasActive: before.isActive },
        });
      });
      return one(id);
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await work.transaction(async (r) => {
        const before = await r.merchandising.banner(id, true);
        if (!before || !(await r.merchandising.deleteBanner(id))) throw bannerNotFound();
        await r.audit.record(actor, {
          action: "banner.delete",
          target: `banner:${id}`,
          details: { title: before.title, imageId: before.imageId },
        });
      });
    },

    /** The order of every banner: `ids` names each exactly once. */
    async order(actor: AuditActor, ids: readonly number[]): Promise<AdminBanner[]> {
      await work.transaction(async (r) => {
        const all = await r.merchandising.lockBannerIds();
        const known = new Set(all);
        if (ids.length !== all.length || ids.some((id) => !known.has(id))) {
          throw new AppError("conflict", "Список баннеров изменился: обновите страницу", {
            code: "banners_changed",
          });
        }
        await r.merchandising.orderBanners(ids);
        await r.audit.record(actor, {
          action: "banner.order",
          target: "banners",
          details: { ids: [...ids] },
        });
      });
      return this.list();
    },

    /**
     * The home page's data in `theme`: the banners showing now (the first with its blurred placeholder:
     * it is the page's largest picture) and the catalogue's sections with a picture each.
     */
    async home(theme: BannerTheme): Promise<HomeData> {
      const [rows, tiles] = await Promise.all([merchandising.banners(), merchandising.sectionTiles()]);
      const banners = selectBanners(rows, { theme, now: now() }).map((b, i) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        link: b.link,
        image: { ...imageOf(b.image), blur: i === 0 ? placeholderDataUrl(b.image.placeholder) : "" },
      }));
      const categories = tiles.map((t) => ({
        id: t.id,
        name: t.name,
        slug: t.slug,
        image:
          t.url && t.width && t.height
            ? {
                url: t.url,
                width: t.width,
                height: t.height,
                placeholder: placeholderColour(t.placeholder ?? ""),
              }
            : null,
      }));
      return { banners, categories };
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;

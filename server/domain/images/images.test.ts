import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { UploadsService } from "#server/domain/uploads/service.ts";
import { createDiskStorage } from "#server/domain/uploads/storage.ts";
import { drawRecipe, drawStored } from "./draw.ts";
import { generatedImageId, generatedThumbHash, recipeOf, renderSvg } from "./generated.ts";
import { placeholderColour, placeholderDataUrl } from "./placeholder.ts";
import type { ImageRow, ImagesRepository } from "./repository.ts";
import { createImagesService } from "./service.ts";
import { negotiateFormat } from "./variants.ts";

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#f2f2f2"/><rect x="250" y="200" width="400" height="800" rx="60" fill="#1f6fd1"/></svg>`;

describe("format by Accept", () => {
  it.each([
    ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "avif"], // Chrome
    ["image/webp,*/*", "webp"], // older Firefox and Safari 14
    ["image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5", "jpeg"], // Safari 13
    ["*/*", "jpeg"],
    [undefined, "jpeg"],
    ["image/avif;q=0,image/webp", "webp"],
    ["IMAGE/AVIF", "avif"],
  ] as const)("%s → %s", (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });
});

describe("generated pictures' ids", () => {
  it("are 22 URL-safe characters, one per recipe and version of the drawings", () => {
    const id = generatedImageId(recipeOf("smartphone", "#1F2A44", 0), 1);
    expect(id).toMatch(/^g[A-Za-z0-9_-]{21}$/);
    expect(recipeOf("smartphone", "#1F2A44", 0)).toBe("smartphone/1f2a44/0");
    expect(generatedImageId("smartphone/1f2a44/0", 1)).toBe(id);
    expect(generatedImageId("smartphone/1f2a44/1", 1)).not.toBe(id);
    expect(generatedImageId("smartphone/1f2a44/0", 2)).not.toBe(id);
  });
});

describe("placeholders", () => {
  it("carry the picture's colours: the average, and a tiny image of them", async () => {
    const hash = await generatedThumbHash(DRAWING);
    expect(Buffer.from(hash, "base64").length).toBeLessThan(40);
    const colour = placeholderColour(hash);
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    // Blue body on light grey: blue dominates the average's channels.
    const [r, , b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(b).toBeGreaterThan(r);
    const url = placeholderDataUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(url.length).toBeLessThan(600);
    const png = await sharp(Buffer.from(url.split(",")[1] as string, "base64")).metadata();
    expect(png.format).toBe("png");
    expect(Math.max(png.width ?? 0, png.height ?? 0)).toBeLessThanOrEqual(12);
  });

  it("are empty for no or a broken hash, not an error", () => {
    expect(placeholderColour("")).toBe("");
    expect(placeholderDataUrl("")).toBe("");
    expect(placeholderDataUrl("!!")).toBe("");
  });
});

describe("the image service", () => {
  let dir: string;
  const finds: string[] = [];
  const row: ImageRow = {
    id: generatedImageId("smartphone/1f6fd1/0", 1),
    source: "generated",
    recipe: "smartphone/1f6fd1/0",
    storage: null,
    storageKey: null,
    width: 900,
    height: 1200,
    placeholder: "",
    createdBy: null,
    createdAt: new Date(),
  };
  const repository = {
    async find(id: string) {
      finds.push(id);
      return id === row.id ? row : undefined;
    },
  } as unknown as ImagesRepository;
  const work = { repositories: { images: repository } } as unknown as UnitOfWork<{
    images: ImagesRepository;
  }>;
  let draws = 0;
  const service = () =>
    createImagesService(work, {} as UploadsService, {
      cacheDir: join(dir, "cache"),
      storage: createDiskStorage(join(dir, "photos")),
      draw: (recipe) => {
        draws++;
        return recipe === row.recipe ? DRAWING : undefined;
      },
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "images-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("makes each width and format once, at that width, and keeps it", async () => {
    const images = service();
    const copies = await Promise.all(Array.from({ length: 6 }, () => images.variant(row.id, 480, "webp")));
    expect(draws).toBe(1);
    const meta = await sharp(copies[0]?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 640]);
    for (const [format, type] of [
      ["avif", "heif"],
      ["jpeg", "jpeg"],
    ] as const) {
      const made = await images.variant(row.id, 160, format);
      const m = await sharp(made.bytes).metadata();
      expect([m.format, m.width]).toEqual([type, 160]);
    }
    // A new process (a new service) finds the kept copies without drawing again.
    const before = draws;
    const again = await service().variant(row.id, 480, "webp");
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(copies[0]?.bytes ?? []))).toBe(0);
    expect(draws).toBe(before);
    const kept = await readdir(join(dir, "cache", row.id.slice(1, 3), row.id));
    expect(kept.sort()).toEqual(["160.avif", "160.jpeg", "480.webp"]);
  });

  it("knows no other widths, ids or recipes", async () => {
    const images = service();
    for (const [id, width] of [
      [row.id, 500],
      [row.id, 0],
      ["../../etc/passwd", 480],
      [generatedImageId("smartphone/000000/0", 1), 480],
    ] as const) {
      await expect(images.variant(id, width, "jpeg")).rejects.toMatchObject({ code: "image_not_found" });
    }
  });
});

describe("drawn recipes", () => {
  it("draws products, banners and shoppers' photos, and nothing it does not know", () => {
    expect(drawRecipe("kettle/2f5fb3/0")).toContain('viewBox="0 0 900 1200"');
    expect(drawRecipe("photo-kettle/2f5fb3/1")).toContain('viewBox="0 0 1200 900"');
    expect(drawRecipe("photo-kettle/2f5fb3/2")).toContain('viewBox="0 0 1050 1050"');
    expect(drawRecipe("photo-kettle/2f5fb3/11")).toContain('viewBox="0 0 1050 1050"');
    for (const unknown of [
      "photo-kettle/2f5fb3/12",
      "photo-robot/2f5fb3/0",
      "photo-/2f5fb3/0",
      "kettle/2f5fb3/9",
    ])
      expect(drawRecipe(unknown), unknown).toBeUndefined();
  });

  it("draws a stored picture as the version of the drawings its id was made with", () => {
    const recipe = "smartphone/1f2a44/0";
    expect(drawRecipe(recipe, 1)).not.toBe(drawRecipe(recipe, 2));
    expect(drawStored(recipe, generatedImageId(recipe, 1))).toBe(drawRecipe(recipe, 1));
    expect(drawStored(recipe, generatedImageId(recipe, 2))).toBe(drawRecipe(recipe, 2));
    expect(drawStored(recipe, generatedImageId("smartphone/1f2a44/1", 2))).toBeUndefined();
  });

  it("renders a landscape drawing at the asked width in its own frame", async () => {
    const svg = drawRecipe("photo-kettle/2f5fb3/1")!;
    const meta = await renderSvg(svg, 320, 1200)
      .png()
      .toBuffer()
      .then((b) => sharp(b).metadata());
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });
});

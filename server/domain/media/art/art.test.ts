import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { leafCategories } from "#server/db/seed/catalog-tree.ts";
import { hexOfColourName } from "./colour.ts";
import {
  ART_KINDS,
  type ArtKind,
  artKindFor,
  colourHex,
  drawProduct,
  drawShopperPhoto,
  SHOPPER_PHOTO_SHOTS,
  shopperPhotoFrame,
  viewCount,
} from "./index.ts";
import { MAPPED_KINDS } from "./mapping.ts";

/** Renders a picture small (160 px wide), as raw RGB pixels. */
async function pixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * 160) / 900 })
    .resize(160, 213)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Share of pixels that are not the light, neutral studio backdrop (darker, or coloured). */
function inked(px: Buffer): number {
  let n = 0;
  for (let i = 0; i < px.length; i += 3) {
    const lo = Math.min(px[i]!, px[i + 1]!, px[i + 2]!);
    const hi = Math.max(px[i]!, px[i + 1]!, px[i + 2]!);
    if (lo < 205 || hi - lo > 24) n++;
  }
  return n / (px.length / 3);
}

/** Share of pixels whose colour differs clearly between two pictures. */
function changed(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 3)
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 40) n++;
  return n / (a.length / 3);
}

const leafOf = ({ section, leaf }: (typeof leafCategories)[number]) => ({
  section: section.key,
  name: leaf.name,
  type: leaf.type,
});

describe("artKindFor", () => {
  it("maps every leaf of the seed tree to a drawn kind", () => {
    for (const entry of leafCategories) {
      const kind = artKindFor(leafOf(entry), `${entry.leaf.type} Test`);
      expect(ART_KINDS, `${entry.leaf.name}`).toContain(kind);
    }
  });

  it("gives the leaves fitting drawings", () => {
    const kindOf = (name: string, productName = "") => {
      const entry = leafCategories.find((e) => e.leaf.name === name);
      if (!entry) throw new Error(name);
      return artKindFor(leafOf(entry), productName || `${entry.leaf.type} Test`);
    };
    expect(kindOf("Смартфоны")).toBe("smartphone");
    expect(kindOf("Ноутбуки")).toBe("laptop");
    expect(kindOf("Электрические чайники")).toBe("kettle");
    expect(kindOf("Кроссовки")).toBe("sneaker");
    expect(kindOf("Платья")).toBe("dress");
    expect(kindOf("Мягкие игрушки")).toBe("teddy");
    expect(kindOf("Кофе в зёрнах")).toBe("coffee");
    expect(kindOf("Наушники", "Наушники проводные Defender Basic 604, чёрные")).toBe("wiredEarphones");
    expect(kindOf("Наушники", "Наушники беспроводные Sony WH-1000XM5, чёрные")).toBe("headphones");
    expect(kindOf("Наушники", "Наушники Apple AirPods Max полноразмерные, синие")).toBe("headphones");
    expect(kindOf("Наушники", "Наушники беспроводные Samsung Galaxy Buds3, белые")).toBe("earbuds");
    expect(kindOf("Наушники", "Наушники Sony WF-C700N внутриканальные, белые")).toBe("earbuds");
    expect(kindOf("Пылесосы", "Робот-пылесос Xiaomi Robot Vacuum S10, белый")).toBe("robotVacuum");
    expect(kindOf("Пылесосы", "Пылесос Dyson V15 Detect, серый")).toBe("vacuum");
  });

  it("answers only kinds that are drawn", () => {
    for (const kind of MAPPED_KINDS) expect(ART_KINDS, kind).toContain(kind);
  });

  it("draws the leaves of different kinds differently", () => {
    const kinds = new Set(leafCategories.map((e) => artKindFor(leafOf(e), "")));
    expect(kinds.size).toBeGreaterThanOrEqual(60);
  });

  it("falls back on the leaf's words, then its section, for leaves it does not know", () => {
    expect(artKindFor({ section: "kids", name: "Машинки", type: "Машинка" }, "")).toBe("toyCar");
    expect(artKindFor({ section: "sport", name: "Что-то новое" }, "")).toBe("ball");
  });
});

describe("colourHex", () => {
  it("knows every colour name the seed uses", () => {
    const names = new Set<string>();
    for (const { leaf } of leafCategories)
      for (const p of leaf.properties)
        if (p.code === "color" && p.kind === "enum")
          for (const o of p.options) names.add(typeof o === "string" ? o : o.value);
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(hexOfColourName(name), name).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("knows every colour of the seed's colour pool, used or not", () => {
    const source = readFileSync(new URL("../../../db/seed/property-pools.ts", import.meta.url), "utf8");
    const pool = /const COLOUR_NAMES = \{([^}]*)\}/.exec(source)?.[1] ?? "";
    const names = [...pool.matchAll(/:\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(hexOfColourName(name), name).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(names.map((n) => hexOfColourName(n))).size).toBe(names.length);
  });

  it("reads other forms and compound names, and defaults per kind", () => {
    expect(colourHex("Чёрная", "smartphone")).toBe(colourHex("чёрный", "smartphone"));
    expect(colourHex("тёмно-синее", "dress")).not.toBe(colourHex("синее", "dress"));
    expect(colourHex("Розовое золото", "smartphone")).not.toBe(colourHex("розовый", "smartphone"));
    expect(colourHex(undefined, "laptop")).toMatch(/^#[0-9a-f]{6}$/);
    expect(colourHex("несуществующий", "coffee")).toBe(colourHex(undefined, "coffee"));
  });
});

describe("drawProduct", () => {
  it("has 3–5 views per kind, is stable, and uses no text, styles or outside references", () => {
    for (const kind of ART_KINDS) {
      expect(viewCount(kind), kind).toBeGreaterThanOrEqual(3);
      expect(viewCount(kind), kind).toBeLessThanOrEqual(5);
      for (let view = 0; view < viewCount(kind); view++) {
        const svg = drawProduct({ kind, colour: colourHex(undefined, kind), view });
        expect(drawProduct({ kind, colour: colourHex(undefined, kind), view })).toBe(svg);
        expect(svg).toContain('viewBox="0 0 900 1200"');
        for (const banned of [
          "<text",
          "<style",
          "class=",
          'href="http',
          "url(http",
          "<image",
          "undefined",
          "NaN",
        ])
          expect(svg, `${kind} ${view}: ${banned}`).not.toContain(banned);
      }
    }
  });

  it("renders every view of every kind, not blank, each view unlike the others", async () => {
    for (const kind of ART_KINDS) {
      const views: Buffer[] = [];
      for (let view = 0; view < viewCount(kind); view++) {
        const px = await pixels(drawProduct({ kind, colour: colourHex(undefined, kind), view }));
        expect(inked(px), `${kind} ${view}`).toBeGreaterThan(0.01);
        for (const other of views) expect(changed(px, other), `${kind} ${view}`).toBeGreaterThan(0.03);
        views.push(px);
      }
    }
  }, 120_000);

  it("keeps a phone card's corners clear: the heart and the discount badge cover nothing of any kind", async () => {
    // A 166 × 221 px card at 375 px; the heart is 40 px, 8 px from the top right; the badge ~52 × 22 px.
    const [w, h] = [166, 221];
    const zones = {
      heart: [w - 48, 8, w - 8, 48],
      badge: [8, 8, 60, 30],
    } as const;
    for (const kind of ART_KINDS) {
      const px = await sharp(
        Buffer.from(drawProduct({ kind, colour: colourHex(undefined, kind), view: 0 })),
        {
          density: (72 * w) / 900,
        },
      )
        .resize(w, h)
        .removeAlpha()
        .raw()
        .toBuffer();
      for (const [zone, [x0, y0, x1, y1]] of Object.entries(zones)) {
        let ink = 0;
        for (let y = y0; y < y1; y++)
          for (let x = x0; x < x1; x++) {
            const i = (y * w + x) * 3;
            const lo = Math.min(px[i]!, px[i + 1]!, px[i + 2]!);
            const hi = Math.max(px[i]!, px[i + 1]!, px[i + 2]!);
            if (lo < 205 || hi - lo > 24) ink++;
          }
        expect(ink / ((x1 - x0) * (y1 - y0)), `${kind}: ${zone}`).toBeLessThanOrEqual(0.02);
      }
    }
  }, 60_000);

  it("paints the body in the product's colour", async () => {
    for (const kind of ART_KINDS as readonly ArtKind[]) {
      const red = await pixels(drawProduct({ kind, colour: "#c7323b", view: 0 }));
      const blue = await pixels(drawProduct({ kind, colour: "#2f5fb3", view: 0 }));
      expect(changed(red, blue), kind).toBeGreaterThan(0.01);
    }
  }, 120_000);
});

describe("drawShopperPhoto", () => {
  /** The photo at 160 px wide, in its own frame, as raw RGB pixels. */
  const photoPixels = (svg: string, shot: number) => {
    const { width, height } = shopperPhotoFrame(shot);
    return sharp(Buffer.from(svg), { density: (72 * 160) / width })
      .resize(160, Math.round((160 * height) / width))
      .removeAlpha()
      .raw()
      .toBuffer();
  };

  it("frames each shot as a phone photo: four upright, four landscape, four square", () => {
    const frames = Array.from({ length: SHOPPER_PHOTO_SHOTS }, (_, shot) => shopperPhotoFrame(shot));
    expect(frames.filter((f) => f.width < f.height)).toHaveLength(4);
    expect(frames.filter((f) => f.width > f.height)).toHaveLength(4);
    expect(frames.filter((f) => f.width === f.height)).toHaveLength(4);
    for (let shot = 0; shot < SHOPPER_PHOTO_SHOTS; shot++) {
      const { width, height } = shopperPhotoFrame(shot);
      const svg = drawShopperPhoto({ kind: "kettle", colour: "#2f5fb3", shot });
      expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
      for (const banned of ["<text", "<image", "undefined", "NaN"]) expect(svg).not.toContain(banned);
    }
  });

  it("shows the product in its colour, and no two shots of one frame alike", async () => {
    for (const kind of ["smartphone", "kettle", "sneaker"] as const) {
      const red = await photoPixels(drawShopperPhoto({ kind, colour: "#c7323b", shot: 0 }), 0);
      const blue = await photoPixels(drawShopperPhoto({ kind, colour: "#2f5fb3", shot: 0 }), 0);
      expect(changed(red, blue), kind).toBeGreaterThan(0.05);
      for (let frame = 0; frame < 3; frame++) {
        const shots: Buffer[] = [];
        for (let shot = frame; shot < SHOPPER_PHOTO_SHOTS; shot += 3) {
          const px = await photoPixels(drawShopperPhoto({ kind, colour: "#2f5fb3", shot }), shot);
          for (const other of shots) expect(changed(px, other), `${kind} ${shot}`).toBeGreaterThan(0.1);
          shots.push(px);
        }
      }
    }
  }, 60_000);
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// The image route (issue 22, point 1; ADR 061) on the seeded catalogue.

const CHROME = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

async function firstPicture() {
  const { app } = await getTestContext();
  const product = await (await app.request("/api/v1/products/1")).json();
  return product.images as {
    url: string;
    width: number;
    height: number;
    placeholder: string;
    blur?: string;
  }[];
}

describe("catalogue pictures", () => {
  it("are the seed's drawings: 3–5 per product, each with its placeholder", async () => {
    const images = await firstPicture();
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(images.length).toBeLessThanOrEqual(5);
    for (const image of images) {
      expect(image.url).toMatch(/^\/img\/g[A-Za-z0-9_-]{21}$/);
      expect([image.width, image.height]).toEqual([900, 1200]);
      expect(image.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(images[0]?.blur).toMatch(/^data:image\/png;base64,/);
    expect(images[1]?.blur).toBeUndefined();
  });

  it("are served at the asked width in the best format the browser takes, kept for a year", async () => {
    const { app } = await getTestContext();
    const [image] = await firstPicture();
    for (const [accept, type, format] of [
      [CHROME, "image/avif", "heif"],
      ["image/webp,*/*", "image/webp", "webp"],
      ["*/*", "image/jpeg", "jpeg"],
    ] as const) {
      const res = await app.request(`${image?.url}/320`, { headers: { Accept: accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("vary")).toContain("Accept");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 320, 427]);
    }
    const card = await app.request(image?.url ?? "", { headers: { Accept: "image/webp" } });
    expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(480);
  });

  it("have no other addresses: other widths, spellings and ids are 404", async () => {
    const { app } = await getTestContext();
    const [image] = await firstPicture();
    for (const odd of [
      `${image?.url}/500`,
      `${image?.url}/0320`,
      `${image?.url}/320.jpg`,
      "/img/gAAAAAAAAAAAAAAAAAAAAA/320",
      "/img/..%2F..%2Fetc%2Fpasswd/320",
      "/img/short/320",
    ]) {
      const res = await app.request(odd);
      expect(res.status, odd).toBe(404);
      expect(await res.json()).toMatchObject({ code: "image_not_found" });
    }
  });
});

import { mkdirSync } from "node:fs";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

const SCREENSHOTS = "test-results/screenshots";

// The catalogue as picture tiles (issue 22, point 4): sections with their branches, a picture each.
test(
  "the catalogue shows each section's branches as picture tiles that lead to them",
  { tag: "@matrix" },
  async ({ page }, info) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.goto("/catalog");
    await waitForHydration(page);
    await expectTheme(page, info);
    const first = page.locator(".catalog-tiles__section").first();
    const tiles = first.getByRole("listitem").getByRole("link");
    expect(await page.locator(".catalog-tiles__section").count()).toBeGreaterThanOrEqual(8);
    // Every tile of the first screen has its picture, loaded, and is a finger's size at least.
    const count = await tiles.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const img = tiles.nth(i).locator("img");
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      const box = await tiles.nth(i).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    // Three a row on a phone; on desktop two sections side by side, six across the page.
    const tops = await page
      .locator(".catalog-tile")
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    const perRow = tops.filter((t) => t === tops[0]).length;
    expect(perRow).toBe(isPhone(info) ? 3 : 6);
    await page.screenshot({
      path: `${SCREENSHOTS}/catalog-tiles-${themeOf(info)}-${page.viewportSize()!.width}.png`,
    });
    // A tile leads to its branch, whose page lists its subcategories.
    const name = ((await tiles.first().textContent()) ?? "").trim();
    await tiles.first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  },
);

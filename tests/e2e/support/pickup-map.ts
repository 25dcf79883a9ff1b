import { expect, type Page } from "@playwright/test";

/**
 * The pickup map of the delivery step, as a shopper meets it: a region of markers (buttons named by the
 * point, pressed when chosen) and, zoomed out, clusters («12 пунктов выдачи — приблизить») that zoom in.
 * Its load state is the design's `data-status` on the map's box (test id `pickup-map`).
 */
export function pickupMap(page: Page) {
  const region = page.getByRole("region", { name: "Карта пунктов выдачи" });
  const pins = region.locator("button[aria-pressed]");
  const clusters = region.getByRole("button", { name: /выдачи — приблизить$/ });
  return {
    box: page.getByTestId("pickup-map"),
    pins,
    chosenPin: region.getByRole("button", { pressed: true }),
    /** Clicks clusters until single markers are drawn (each click zooms the map in). */
    async zoomToPins() {
      await expect(pins.or(clusters).first()).toBeVisible();
      await expect(async () => {
        if ((await pins.count()) === 0) await clusters.first().click();
        expect(await pins.count()).toBeGreaterThan(0);
      }).toPass();
    },
  };
}

/**
 * Chooses the first pickup point through the map (a marker, after zooming into clusters) and returns its
 * card, where «Заберу отсюда» takes it.
 */
export async function pickFromMap(page: Page) {
  await page
    .locator("label", { hasText: "Пункт выдачи" })
    .filter({ has: page.locator("input[name=delivery-type]") })
    .click();
  const map = pickupMap(page);
  await expect(map.box).toHaveAttribute("data-status", "loaded");
  await map.zoomToPins();
  await map.pins.first().click();
  const card = page.getByRole("region", { name: /пункт выдачи|постамат/i });
  await expect(card).toBeVisible();
  return card;
}

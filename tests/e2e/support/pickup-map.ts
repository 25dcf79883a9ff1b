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

import { expect, test, waitForHydration } from "./fixtures.ts";

// A listing on a phone (issue 22, point 4): the products start within the first 200 px under one row of
// chips, every chip is a 44 px tap target, and an active filter comes off by its own chip. The back button's
// restoring of «Показать ещё» pages is listing.spec.ts's, at both widths in both themes.

const ELECTRONICS = "/catalog/1/elektronika";

test("on a phone: chips in one row, products high up, a filter off by its chip", {
  tag: "@phone",
}, async ({ page }) => {
  await page.goto(ELECTRONICS);
  await waitForHydration(page);
  const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
  await expect(cards).toHaveCount(24);
  expect((await cards.first().boundingBox())!.y).toBeLessThan(200);

  const chips = page.locator(".listing__chips > *");
  const boxes = await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
  expect(new Set(boxes.map((b: DOMRect) => Math.round(b.top))).size).toBe(1);
  for (const b of boxes as DOMRect[]) expect(b.height).toBeGreaterThanOrEqual(44);

  // A quick filter, then its chip takes it off again.
  await page.getByRole("button", { name: "В наличии", exact: true }).click();
  await expect(page).toHaveURL(/inStock=1/);
  await page.getByRole("button", { name: "Убрать фильтр «В наличии»" }).click();
  await expect(page).not.toHaveURL(/inStock/);
  await expect(cards).toHaveCount(24);
});

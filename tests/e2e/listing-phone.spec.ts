import { expect, test, waitForHydration } from "./fixtures.ts";

// A listing on a phone (issue 22, point 4): the products start within the first 200 px under one row of
// chips, every chip is a 44 px tap target, an active filter comes off by its own chip, and the back button
// from a product restores every «Показать ещё» page and the place the shopper left.

// The whole section: more than two pages of goods in the browser tests' catalogue of 400.
const ELECTRONICS = "/catalog/1/elektronika";

test("on a phone: chips in one row, products high up, and Back restores «Показать ещё»", {
  tag: "@phone",
}, async ({ page }) => {
  // Two page loads, a filter on and off, a second page, a product and back: a journey, not one screen.
  test.slow();
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

  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect(cards).toHaveCount(48);
  const target = cards.nth(30);
  await target.scrollIntoViewIfNeeded();
  const name = (await target.getByRole("heading").textContent())!;
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  await target.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goBack();
  // The pages come back from the query cache; on a machine at load average 20 the render takes seconds.
  await expect(cards).toHaveCount(48, { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
  await expect(cards.nth(30).getByRole("heading")).toHaveText(name);
  await expect(cards.nth(30)).toBeInViewport();
});

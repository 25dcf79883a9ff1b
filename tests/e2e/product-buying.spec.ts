import { seededLines } from "#tests/fixtures/model-line-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * The product page's model line and the phone's buy bar (ADR 065): a colour or memory of the same model
 * is one tap away, and once the price box has scrolled away the price and «В корзину» stay at hand.
 */
test("a sibling from the picker, then the buy bar after scrolling adds to the basket", {
  tag: "@phone",
}, async ({ page, shop }) => {
  const [line] = await seededLines(shop.db, { size: 2, limit: 1, inStock: true });
  const [first, second] = line as [number, number];
  await page.goto(`/product/${first}`);
  await waitForHydration(page);

  // The picker's other value is a link to the sibling's own page; its own value is marked.
  const picker = page.getByTestId("variant-picker");
  await expect(picker.locator('[aria-current="true"]')).toHaveCount(1);
  const other = picker.getByRole("link");
  await expect(other).toHaveCount(1);
  await expect(other).toHaveAttribute("href", `/product/${second}`);
  await other.click();
  await expect(page).toHaveURL(`/product/${second}`);
  await expect(picker.getByRole("link")).toHaveAttribute("href", `/product/${first}`);
  const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";

  // No bar while the price box is on the screen; it comes once the box has scrolled up and away.
  const bar = page.getByRole("region", { name: "Покупка" });
  await expect(bar).toBeHidden();
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  const nav = await page.getByRole("navigation", { name: "Основная навигация" }).boundingBox();
  // It sits on the tab bar, not under it.
  expect(box!.y + box!.height).toBeLessThanOrEqual(nav!.y + 1);

  await bar.getByRole("button", { name: `В корзину: ${name}` }).click();
  // The same button as the buy box's: the quantity stepper takes its place.
  await expect(bar.getByRole("status", { name: "В корзине: 1 шт." })).toBeVisible();
  await expect(bar.getByRole("button", { name: `Убрать из корзины: ${name}` })).toBeVisible();

  // Back at the top the bar gives way to the buy box, which says the same.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
  await expect(page.getByRole("status", { name: "В корзине: 1 шт." })).toBeVisible();
});

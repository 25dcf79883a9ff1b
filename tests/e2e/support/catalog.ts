import { expect, type Page } from "@playwright/test";

/**
 * From the catalogue page to a leaf category the way a shopper goes: the branch's tile, then the leaf
 * among the branch's subcategories (a row of chips on desktop, the «Категории» sheet on a phone).
 */
export async function openLeafFromCatalog(page: Page, branch: string, leaf: string) {
  await page.getByRole("link", { name: branch, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: branch })).toBeVisible();
  const chips = page.getByRole("list", { name: "Подкатегории" });
  if (await chips.isVisible()) {
    await chips.getByRole("link", { name: leaf, exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Категории", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Категории" })
      .getByRole("link", { name: leaf, exact: true })
      .click();
  }
}

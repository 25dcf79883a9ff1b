import { expect, test, waitForHydration } from "./fixtures.ts";

test("the shopper finds their city despite a typo, and the header remembers it", async ({ page }) => {
  // The city strip is on the home page at every width.
  await page.goto("/");
  const cityButton = page.getByRole("link", { name: /^Ваш город: Москва/ });
  await expect(cityButton).toBeVisible();
  await waitForHydration(page);
  await cityButton.click();

  await expect(page.getByRole("heading", { level: 1, name: "Выберите город" })).toBeVisible();
  const field = page.getByRole("combobox", { name: "Поиск города" });
  await field.fill("екатеренбург");
  const option = page.getByRole("option", { name: /Екатеринбург/ });
  await expect(option).toBeVisible();
  await field.press("ArrowDown");
  await field.press("Enter");

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: /^Ваш город: Екатеринбург/ })).toBeVisible();
  // Kept in a cookie: a fresh page load shows it too.
  await page.reload();
  await expect(page.getByRole("link", { name: /^Ваш город: Екатеринбург/ })).toBeVisible();
});

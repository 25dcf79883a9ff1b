import { expect, test, waitForHydration } from "./fixtures.ts";

// The header's city is in its top bar, which the phone layout trims (its links hidden, the bar left out on
// some pages): the home page must offer it at both widths.
test("the shopper finds their city despite a typo, and the header remembers it", { tag: "@widths" }, async ({
  page,
}) => {
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

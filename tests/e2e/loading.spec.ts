import { expect, test, waitForHydration } from "./fixtures.ts";

test("a slow navigation shows the global loader, for at least 500 ms, and hides it afterwards", async ({
  page,
}) => {
  // From a product page's breadcrumbs: a link to the catalogue at every width (on desktops the header's
  // «Каталог» is the mega-menu's button).
  await page.goto("/product/1");
  await waitForHydration(page);
  // Hold the next page's data for a moment so the navigation is visibly in progress.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/catalog.data*", async (route) => {
    await held;
    await route.continue();
  });
  const loader = page.getByTestId("global-loader");
  await expect(loader).toHaveAttribute("data-visible", "false");
  // The page itself records when the loader appears and disappears.
  await loader.evaluate((el) => {
    const w = window as unknown as { loaderTimes: number[] };
    w.loaderTimes = [];
    new MutationObserver(() => w.loaderTimes.push(performance.now())).observe(el, {
      attributes: true,
      attributeFilter: ["data-visible"],
    });
  });
  await page
    .getByRole("navigation", { name: "Навигационная цепочка" })
    .getByRole("link", { name: "Каталог" })
    .click();
  await expect(loader).toHaveAttribute("data-visible", "true");
  await expect(page.getByRole("status").filter({ hasText: "Загрузка" })).toBeAttached();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Каталог товаров" })).toBeVisible();
  await expect(loader).toHaveAttribute("data-visible", "false");
  const [shown, hidden] = await page.evaluate(
    () => (window as unknown as { loaderTimes: number[] }).loaderTimes,
  );
  // 500 ms from when the loader decided to show; the DOM commit lands a few milliseconds later.
  expect(hidden! - shown!).toBeGreaterThanOrEqual(450);
});

test("a button shows a spinner and is disabled while its action runs", async ({ page }) => {
  await page.route("**/api/v1/options", (route) =>
    route.fulfill({ json: { items: [{ code: "show_modal_import_external_profile_data", value: true }] } }),
  );
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/user/external/profile", async (route) => {
    await held;
    await route.fulfill({ json: { redirect_url: "/basket" } });
  });
  await page.goto("/");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Заполнить из профиля банка" });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(/\/basket$/);
});

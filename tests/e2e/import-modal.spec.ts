import type { Page } from "@playwright/test";
import { expect, refuseBankProfile, test, waitForHydration } from "./fixtures.ts";

/** The option is off in the seeded database; these tests switch it on for the browser. */
async function enableImportOption(page: Page, delayHours = 24) {
  await page.route("**/api/v1/options", (route) =>
    route.fulfill({
      json: {
        items: [
          { code: "show_modal_import_external_profile_data", value: true },
          { code: "modal_import_external_profile_data_hours_delay", value: delayHours },
        ],
      },
    }),
  );
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Заполним профиль за вас" });

test("declining keeps the offer away for the delay option's hours", async ({ page, context }) => {
  await enableImportOption(page, 2);
  await page.goto("/");
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  await dialog(page).getByRole("button", { name: "Не сейчас" }).click();
  await expect(dialog(page)).toHaveCount(0);

  const cookie = (await context.cookies()).find((c) => c.name === "disableShowModalCookie");
  expect(cookie).toBeDefined();
  const hoursLeft = (cookie!.expires - Date.now() / 1000) / 3600;
  expect(hoursLeft).toBeGreaterThan(1.9);
  expect(hoursLeft).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => sessionStorage.getItem("disableShowModalSession"))).toBe("1");

  // A new session (sessionStorage gone) still respects the cookie.
  const next = await context.newPage();
  await enableImportOption(next);
  await next.goto("/basket");
  await waitForHydration(next);
  await expect(next.getByRole("heading", { level: 1, name: "Корзина" })).toBeVisible();
  await expect(dialog(next)).toHaveCount(0);
});

test("the close icon hides it for this session only, Esc closes it, and it shows only on its screens", async ({
  page,
}) => {
  await enableImportOption(page);
  await page.goto("/catalog");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.goto("/basket");
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  // Focus is inside the dialog and stays there.
  await page.keyboard.press("Tab");
  expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await dialog(page).getByRole("button", { name: "Закрыть" }).click();
  await expect(dialog(page)).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === "disableShowModalCookie")).toBe(false);

  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/");
  await waitForHydration(page);
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
});

test.describe("failure", () => {
  test.use({ allowedConsoleErrors: /status of 502/ });

  test("a failed import request shows an error toast", async ({ page }) => {
    await enableImportOption(page);
    await refuseBankProfile(page);
    await page.goto("/");
    await waitForHydration(page);
    await dialog(page).getByRole("button", { name: "Заполнить из профиля банка" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Не удалось открыть импорт" })).toBeVisible();
  });
});

test("the import sends the current path and follows the returned redirect_url", async ({ page }) => {
  await enableImportOption(page);
  let body: unknown;
  await page.route("**/api/user/external/profile", async (route) => {
    body = route.request().postDataJSON();
    await route.fulfill({ json: { redirect_url: "/auth/mobile?from=import" } });
  });
  await page.goto("/basket");
  await waitForHydration(page);
  await dialog(page).getByRole("button", { name: "Заполнить из профиля банка" }).click();
  await expect(page).toHaveURL(/\/auth\/mobile\?from=import$/);
  expect(body).toEqual({ redirectTo: "/basket" });
});

test.describe("signing in", () => {
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("a 401 from the API sends the shopper to sign in, then back to where they were", async ({ page }) => {
    await enableImportOption(page);
    await page.goto("/basket?from=mail");
    await waitForHydration(page);
    // Nobody can be signed in yet, so the import link answers 401.
    await dialog(page).getByRole("button", { name: "Заполнить из профиля банка" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbasket%3Ffrom%3Dmail$/);
  });
});

test("on a phone the modal is a bottom sheet that closes when dragged down", { tag: "@phone" }, async ({
  page,
}) => {
  await enableImportOption(page);
  await page.goto("/");
  await waitForHydration(page);
  const title = dialog(page).getByRole("heading", { name: "Заполним профиль за вас" });
  // Anchored to the bottom of the screen once its entrance has played.
  await expect
    .poll(async () => {
      const box = await dialog(page).boundingBox();
      return box ? Math.round(box.y + box.height) : 0;
    })
    .toBe(page.viewportSize()!.height);
  const panel = await dialog(page).boundingBox();
  const start = (await title.boundingBox())!;
  const x = start.x + 20;
  const y = start.y + start.height / 2;

  // Dragging up never closes it.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - 60, { steps: 5 });
  await page.mouse.up();
  await expect(dialog(page)).toBeVisible();

  // Dragging down past a tenth of its height does.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + panel!.height * 0.5, { steps: 8 });
  await page.mouse.up();
  await expect(dialog(page)).toHaveCount(0);
});

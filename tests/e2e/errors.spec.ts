import { expect, test, waitForHydration } from "./fixtures.ts";

// The browser reports the page's own 4xx status in the console; that is expected here.
test.use({ allowedConsoleErrors: /status of 40[14]/ });

test("an unknown address answers 404 with the not-found screen, its title and its buttons", async ({
  page,
}) => {
  const response = await page.goto("/definitely/not/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
  await expect(page).toHaveTitle("Страница не найдена — Витрина");
  // The error object's English message is for programs: an attribute, never text on the screen.
  await expect(page.locator("[data-status='404']")).toHaveAttribute("data-message", "Page not found");
  await expect(page.getByText("Page not found")).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "На главную", exact: true })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(page.getByRole("button", { name: "Назад" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("a route whose params fail validation is the fatal 404 'Page Not Found: {path}'", async ({ page }) => {
  for (const path of ["/product/abc", "/catalog/xyz/phones"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Страница не найдена — Витрина");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
    await expect(page.locator("[data-status='404']")).toHaveAttribute(
      "data-message",
      `Page Not Found: ${path}`,
    );
  }
});

test("a page for signed-in shoppers sends a signed-out one to sign in, keeping where they were going", async ({
  page,
}) => {
  const response = await page.goto("/personal/orders?tab=completed");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/orders?tab=completed")}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("/personal goes to the orders page, through sign-in when signed out", async ({ page }) => {
  await page.goto("/personal");
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal")}`);
});

test("the back button of an error screen returns to the previous page", async ({ page }) => {
  await page.goto("/catalog");
  await page.goto("/no/such/page");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Назад" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});

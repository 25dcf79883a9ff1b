import { expect, test, waitForHydration } from "./fixtures.ts";

// The signIn fixture is what the commerce journeys (basket, checkout, orders) start from: it must give a
// real session that the server recognises on page loads and API calls alike, and only to its own test.

test("a shopper signed in by the fixture reaches the personal pages", async ({ page, signIn }) => {
  const shopper = await signIn({ name: "Марина", surname: "Соколова" });
  const response = await page.goto("/personal/profile");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Профиль" })).toBeVisible();
  // The browser's own API calls carry the same session.
  const profile = await page.evaluate(async () => (await fetch("/api/v1/user/profile")).json());
  expect(profile).toEqual({ id: String(shopper.userId), name: "Марина Соколова" });
});

test.describe("without the fixture", () => {
  // The browser reports the page's own 401 as a console error.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("a test that did not sign in is signed out", async ({ page }) => {
    await page.goto("/personal/profile");
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/profile")}`);
    expect((await page.request.get("/api/v1/user/me")).status()).toBe(401);
  });
});

import { DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Nothing personal is kept by a browser or a shared cache (issue 11 point 11): the bank stand-in's screens
 * and the redirects of the round trip through it. The sign-in and account pages' own answers are checked
 * without a browser in http/personal-headers.spec.ts.
 */

// The round trip starts a bank sign-in: a client of its own for the per-address limit on them.
test.use({ ownClientAddress: true });

test("the bank stand-in's screens and the round trip's redirects are never stored", async ({
  page,
  shop,
}) => {
  // The consent screen is part of the round trip: one given earlier in this server is forgotten (ADR 068).
  await shop.services.bankStandIn!.revokeConsent(DEMO_CUSTOMERS.find((c) => c.login === "petrov")!.sub);
  const seen: { url: string; status: number; cacheControl: string | undefined }[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (
      pathname.startsWith("/bank/auth") ||
      pathname.startsWith("/bank/interaction") ||
      pathname.startsWith("/api/v1/auth/bank")
    ) {
      seen.push({
        url: pathname,
        status: response.status(),
        cacheControl: response.headers()["cache-control"],
      });
    }
  });
  await page.goto("/api/v1/auth/bank?redirectTo=%2Fbasket");
  await page.getByLabel("Логин").fill("petrov");
  await page.getByLabel("Пароль").fill("demo1234");
  await page.getByRole("button", { name: "Войти" }).click();
  await page.getByRole("button", { name: "Разрешить" }).click();
  await expect(page).toHaveURL(/\/basket$/);
  expect(seen.length).toBeGreaterThanOrEqual(8);
  for (const answer of seen)
    expect(answer.cacheControl, `${answer.url} ${answer.status}`).toMatch(/(^|, )no-store$/);
});

import { expect, test } from "./fixtures.ts";

/**
 * Nothing personal is kept by a browser or a shared cache (issue 11 point 11): the sign-in pages, every
 * account page and its data request, the redirects that send a shopper to sign in or on to the orders,
 * and the bank stand-in's screens — signed in or out, from the production server.
 */
const SIGN_IN_PAGES = ["/auth", "/auth?redirectTo=%2Fbasket", "/auth/mobile", "/confirm/auth"];
const ACCOUNT_PAGES = [
  "/personal",
  "/personal/orders?tab=completed",
  "/personal/profile",
  "/personal/address/new",
  "/personal/recipients",
  "/personal/wishlist",
  "/personal/viewed",
];

/** The route data request React Router makes for a page on client navigation. */
const dataUrl = (path: string) => {
  const url = new URL(path, "http://x");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
};

test("sign-in and account pages, their data and their redirects are never stored", async ({
  page,
  playwright,
  baseURL,
  signIn,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  await signIn();
  try {
    for (const [who, request] of [
      ["signed out", anonymous],
      ["signed in", page.request],
    ] as const) {
      for (const path of [...SIGN_IN_PAGES, ...ACCOUNT_PAGES]) {
        for (const url of [path, dataUrl(path)]) {
          const response = await request.get(url, { maxRedirects: 0 });
          const label = `${who} ${url} → ${response.status()}`;
          expect(response.status(), label).toBeLessThan(500);
          expect(response.headers()["cache-control"], label).toMatch(/(^|, )no-store$/);
          expect(response.headers()["x-cache"], label).toBeUndefined();
        }
      }
    }
  } finally {
    await anonymous.dispose();
  }
});

test("the bank stand-in's screens and the round trip's redirects are never stored", async ({ page }) => {
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

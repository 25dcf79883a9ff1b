import { createProduct } from "#tests/factories/products.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { openLeafFromCatalog } from "./support/catalog.ts";
import { withoutNonces } from "./support/html.ts";

// The spec's 401 flows and the signed-in header (issue 11 points 4 and 5, ADR 034): personal pages send a
// signed-out shopper to sign in and back; public pages stay the same cached HTML for everyone, and only a
// browser with a session asks for personal data after hydration. The header's account corner is the
// desktop's (alfa, 1280 px, untagged); the phone's tab bar has tests of its own (@phone).

const PERSONAL = "/personal/orders?tab=completed";

test.describe("the redirect-personal flow", () => {
  test("a signed-out visit to a personal page goes to /auth with the full path and query", async ({
    page,
  }) => {
    const response = await page.request.get(PERSONAL, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/auth?redirectTo=${encodeURIComponent(PERSONAL)}`);
    expect(response.headers()["cache-control"]).toMatch(/no-store/);

    await page.goto(PERSONAL);
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(PERSONAL)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  // The header's wishlist link is a desktop control; the phone's tab bar is tested below.
  test("following a link to an account page inside the app also goes through sign-in", async ({ page }) => {
    await page.goto("/catalog");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Личное" }).getByRole("link", { name: "Избранное" }).click();
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/wishlist")}`);
  });

  test("the phone's tab bar leads a signed-out shopper to sign in and back", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto("/catalog");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "Основная навигация" });
    await expect(tabs.getByRole("link", { name: "Войти" })).toHaveAttribute(
      "href",
      `/auth?redirectTo=${encodeURIComponent("/catalog")}`,
    );
    await tabs.getByRole("link", { name: "Избранное" }).click();
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/wishlist")}`);
  });

  test("/personal is the orders page for a signed-in shopper", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/personal");
    await expect(page).toHaveURL("/personal/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Мои заказы" })).toBeVisible();
  });

  test("a session that ends while browsing sends the next account page to sign in", async ({
    page,
    context,
    signIn,
  }) => {
    await signIn();
    await page.goto("/personal/orders");
    await waitForHydration(page);
    // The session ends elsewhere (signed out on another device, expired): the cookie no longer signs in.
    const cookies = await context.cookies();
    await context.clearCookies();
    await context.addCookies(cookies.map((c) => (c.name === "sid" ? { ...c, value: "x".repeat(43) } : c)));
    await page
      .getByRole("navigation", { name: "Личный кабинет" })
      .getByRole("link", { name: "Профиль" })
      .click();
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/profile")}`);
  });
});

test.describe("a 401 from an account action", () => {
  // The browser itself reports the refused save in the console.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("sends the browser to sign in with the full current path, to come back to it", async ({
    page,
    context,
    signIn,
    playwright,
    baseURL,
  }) => {
    await signIn({ name: "Пётр" });
    await page.goto("/personal/profile?from=menu");
    await waitForHydration(page);
    const name = page.getByLabel("Имя");
    await expect(name).toHaveValue("Пётр");
    // The session ends on the server while the page is open (as if signed out elsewhere with a copy of
    // the cookie): this browser still holds it and the hint.
    const sid = (await context.cookies()).find((c) => c.name === "sid")!;
    const elsewhere = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `sid=${sid.value}`, origin: baseURL! },
    });
    expect((await elsewhere.post("/api/v1/auth/sign-out")).status()).toBe(204);
    await elsewhere.dispose();
    await name.fill("Павел");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/personal/profile?from=menu")}`);
  });
});

test.describe("the signed-in header", () => {
  test("an anonymous shopper's public pages make no personal calls", async ({ page }) => {
    const personal: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/v1/user") || url.pathname.startsWith("/api/user"))
        personal.push(url.pathname);
    });
    // A product page loaded afresh and hydrated, then the catalogue and a listing by their links: a
    // personal call would be asked for as a page hydrates or a screen mounts (a session's is, right after
    // hydration), so once the next screen is drawn every call the one before was going to make was sent.
    await page.goto("/product/1");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Навигационная цепочка" })
      .getByRole("link", { name: "Каталог" })
      .click();
    await expect(page).toHaveURL("/catalog");
    await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
    await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
    expect(personal).toEqual([]);
  });

  // The phone's header has no account corner; its tab bar says «Кабинет» (the next test).
  test("shows the shopper's name with a menu to the account and sign-out", async ({ page, signIn }) => {
    const shopper = await signIn({ name: "Мария" });
    await page.goto("/product/1");
    await waitForHydration(page);
    const header = page.getByRole("navigation", { name: "Личное" });
    const account = header.getByRole("button", { name: shopper.name });
    await expect(account).toBeVisible();
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expect(header.getByRole("link", { name: "Мои заказы" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Адреса доставки" })).toHaveAttribute(
      "href",
      "/personal/address/new",
    );
    await expect(header.getByRole("link", { name: "Получатели" })).toHaveAttribute(
      "href",
      "/personal/recipients",
    );
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();

    await account.click();
    await header.getByRole("link", { name: "Профиль" }).click();
    await expect(page).toHaveURL("/personal/profile");
    await header.getByRole("button", { name: shopper.name }).click();
    await header.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Вы вышли из аккаунта")).toBeVisible();
    await expect(header.getByRole("link", { name: "Войти" })).toBeVisible();
    // Signed out on the server too: the account is closed to this browser now.
    expect((await page.request.get("/api/v1/user/me")).status()).toBe(401);
  });

  test("on a phone the tab bar says «Кабинет» and the account menu signs out", { tag: "@phone" }, async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto("/catalog");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "Основная навигация" });
    await tabs.getByRole("link", { name: "Кабинет" }).click();
    await expect(page).toHaveURL("/personal/orders");
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(tabs.getByRole("link", { name: "Войти" })).toBeVisible();
  });

  test("a signed-in shopper's product page is the cached page everyone gets, made personal after hydration", async ({
    page,
    signIn,
    shop,
    request,
  }) => {
    // A product of this test's own, so the kept copy is the one the anonymous visit below makes: nobody
    // else renders it, and nobody can buy it (an order would drop its copy, ADR 012).
    const product = await createProduct(shop.db, { isComingSoon: true, stock: 0 });
    const path = `/product/${product.id}`;
    const everyones = withoutNonces(await (await request.get(path)).text());
    await signIn({ name: "Ольга" });
    const mine = await page.request.get(path);
    expect(mine.headers()["x-cache"]).toBe("HIT");
    // The same bytes but for the page's per-response CSP nonce (ADR 021).
    expect(withoutNonces(await mine.text())).toBe(everyones);
    expect(await mine.text()).not.toContain("Ольга");
    await page.goto(path);
    await waitForHydration(page);
    await expect(
      page.getByRole("navigation", { name: "Личное" }).getByRole("button", { name: "Ольга" }),
    ).toBeVisible();
  });
});

test.describe("a hint that outlived its session", () => {
  // The browser itself reports the background call's 401 in the console.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("a stale signed-in hint never bounces a shopper off a public page", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "signed_in", value: "1", url: baseURL! }]);
    await page.goto("/product/1");
    await waitForHydration(page);
    // The background call answers 401 and clears the hint; the shopper stays and sees «Войти».
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "signed_in")).toBe(false);
    await expect(page).toHaveURL("/product/1");
  });
});

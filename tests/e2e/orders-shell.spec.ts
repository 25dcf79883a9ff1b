import type { TestInfo } from "@playwright/test";
import { shopperWithPlacedOrder } from "#tests/fixtures/order-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import { withoutNonces } from "./support/html.ts";

/**
 * The account's orders are a shell (issue 23, point 2; ADR 072): the page's frame is kept once for every
 * signed-in shopper of a city and holds nothing of theirs; each shopper's orders come after hydration.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/orders-shell-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

test("two shoppers get the same kept frame, then each sees only their own orders @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  const alice = await shopperWithPlacedOrder(shop.db, shop.services.orders);
  const bob = await shopperWithPlacedOrder(shop.db, shop.services.orders);

  // The frame each shopper's browser is sent: byte for byte the same, and neither's order in it. Alice asks
  // again after Bob: a kept copy past its age is served once more while it is rendered anew (the page
  // cache's stale-while-revalidate), so Bob's frame may be the one Alice gets next.
  const frames: string[] = [];
  for (const shopper of [alice, bob, alice]) {
    const res = await page.request.get("/personal/orders", { headers: { cookie: shopper.cookie } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toMatch(/(^|, )no-store$/);
    frames.push(withoutNonces(await res.text()));
  }
  const [aliceFirst, bobs, aliceNext] = frames as [string, string, string];
  expect([aliceFirst, aliceNext]).toContain(bobs);
  for (const number of [alice.order.number, bob.order.number]) expect(bobs).not.toContain(number);

  // While the orders are on their way, the cards' room is kept (a slow answer, held back on purpose).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/orders?*", async (route) => {
    await held;
    await route.continue();
  });
  await signIn({}, { userId: alice.userId });
  await page.goto("/personal/orders");
  await waitForHydration(page);
  const pending = page.getByRole("list", { name: "Загружаем заказы" });
  await expect(pending).toHaveAttribute("aria-busy", "true");
  await page.screenshot({ path: shot(info, "pending") });
  release();

  await expect(page.getByText(`№ ${alice.order.number}`)).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByText(`№ ${bob.order.number}`)).toHaveCount(0);
  await expectAccessible(page, "the account's orders after the frame filled");
  await page.screenshot({ path: shot(info, "filled"), fullPage: !isPhone(info) });
});

test.describe("when the orders cannot be read", () => {
  // The browser itself reports the held-back answer's 503 in the console.
  test.use({ allowedConsoleErrors: /status of 503/ });

  test("the frame says so and tries again on request", async ({ shop, page, signIn }, info) => {
    const { order, userId } = await shopperWithPlacedOrder(shop.db, shop.services.orders);
    let failing = true;
    await page.route("**/api/v1/orders?*", (route) =>
      failing ? route.fulfill({ status: 503, json: { message: "нет" } }) : route.continue(),
    );
    await signIn({}, { userId });
    await page.goto("/personal/orders");
    await waitForHydration(page);
    const failed = page.getByRole("alert").filter({ hasText: "Не удалось загрузить заказы" });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: shot(info, "failed") });
    failing = false;
    await failed.getByRole("button", { name: "Повторить" }).click();
    await expect(page.getByText(`№ ${order.number}`)).toBeVisible();
  });
});

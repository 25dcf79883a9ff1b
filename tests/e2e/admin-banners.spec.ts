import sharp from "sharp";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// The home page's banners as an operator manages them (issue 22, point 6; ADR 067): add one with its
// picture, move it first — the home page leads with it; switch it off — the home page drops it. The rules
// (dates, theme, link, audit, unknown pictures) are API tests'.

test("an operator adds a banner, moves it first, and switches it off again", async ({
  shop,
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.slow();
  const title = `Распродажа ${Date.now().toString(36)}`;
  const operator = await userIdByPhone(shop.db, DEMO_STAFF.find((s) => s.role === "operator")!.phone);
  await signIn({}, { userId: operator! });
  try {
    await page.goto("/admin/banners");
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Баннеры по порядку" }).getByRole("listitem");
    const before = await list.count();
    await page.screenshot({ path: "test-results/screenshots/admin-banners-1280.png", fullPage: true });

    await page.getByRole("button", { name: "Добавить баннер" }).click();
    const form = page.getByRole("form", { name: "Новый баннер" });
    await form.getByRole("textbox", { name: "Заголовок", exact: true }).fill(title);
    await form.getByRole("textbox", { name: "Подзаголовок" }).fill("Только до воскресенья");
    await form.getByRole("textbox", { name: "Ссылка" }).fill("/collection/discounts");
    // A picture without text, 9 : 4, as the form asks.
    const picture = await sharp({ create: { width: 1800, height: 800, channels: 3, background: "#d9472b" } })
      .jpeg()
      .toBuffer();
    await form
      .locator("input[type=file]")
      .setInputFiles({ name: "sale.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect(form.getByRole("img", { name: "Картинка баннера" })).toBeVisible();
    await form.getByRole("button", { name: "Добавить баннер" }).click();
    await expect(list).toHaveCount(before + 1);
    await expect(list.last()).toContainText(title);

    // First of all, by its arrows.
    for (let i = before; i > 0; i--) {
      await page.getByRole("button", { name: `«${title}»: выше` }).click();
      await expect(list.nth(i - 1)).toContainText(title);
    }
    await page.screenshot({ path: "test-results/screenshots/admin-banners-added-1280.png", fullPage: true });

    await page.goto("/");
    const banners = page.getByRole("region", { name: "Акции и подборки" }).getByRole("link");
    await expect(banners.first()).toContainText(title);
    await expect(banners.first()).toHaveAttribute("href", "/collection/discounts");

    await page.goto("/admin/banners");
    await waitForHydration(page);
    await list.first().getByRole("button", { name: "Выключить" }).click();
    await expect(list.first().getByRole("button", { name: "Включить" })).toBeVisible();
    // A shopper opening the home page now (a new browser: the operator's keeps the page it saw for 30 s).
    const shopper = await browser.newPage({ baseURL: baseURL! });
    await shopper.goto("/");
    await expect(shopper.getByRole("region", { name: "Акции и подборки" }).getByRole("link")).toHaveCount(4);
    await expect(shopper.getByText(title)).toHaveCount(0);
    await shopper.close();
  } finally {
    // The home page's other specs count the seeded banners.
    for (const b of await shop.services.banners.list())
      if (b.title === title) await shop.services.banners.remove({ cli: true }, b.id);
  }
});

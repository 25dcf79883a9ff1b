import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

/** The search screen's own field: the only one on the screen (the header's is hidden there). */
const field = (page: Page) => page.getByRole("main").getByRole("combobox", { name: "Поиск по Витрине" });
const recent = (page: Page) => page.getByRole("region", { name: "Вы искали" });
const popular = (page: Page) => page.getByRole("region", { name: "Часто ищут" });

/** Waits for the results page to record the query (it does so from the browser, once shown). */
const recorded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/search/recent") && r.request().method() === "POST" && r.ok(),
  );

test("a search made on the screen shows under «Вы искали», newest first, and can be removed", async ({
  page,
}) => {
  await page.goto("/search-form");
  await waitForHydration(page);
  await expect(field(page)).toBeFocused();
  await expect(page.getByRole("combobox", { name: "Поиск по Витрине" })).toHaveCount(1);
  // A new visitor has no history: the section is not there at all.
  await expect(page.getByRole("heading", { name: "Часто ищут" })).toBeVisible();
  await expect(recent(page)).toHaveCount(0);

  let saved = recorded(page);
  await field(page).fill("смартфон");
  await field(page).press("Enter");
  await expect(page).toHaveURL(/\/search\/\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("смартфон");
  await saved;

  // Server-rendered with the visitor's cookie: the history is in the HTML itself.
  const response = await page.goto("/search-form");
  expect(await response!.text()).toMatch(/Вы искали[\s\S]*смартфон/);
  await waitForHydration(page);
  await expect(recent(page).getByRole("link")).toHaveText(["смартфон"]);

  saved = recorded(page);
  await field(page).fill("  Наушники  ");
  await field(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Наушники");
  await saved;
  await page.goBack();
  await expect(page).toHaveURL(/\/search-form$/);
  await expect(recent(page).getByRole("link")).toHaveText(["Наушники", "смартфон"]);

  // A recent query leads to its results again.
  await expect(recent(page).getByRole("link", { name: "смартфон" })).toHaveAttribute(
    "href",
    "/search/?q=%D1%81%D0%BC%D0%B0%D1%80%D1%82%D1%84%D0%BE%D0%BD",
  );

  const removed = page.waitForResponse(
    (res) => res.url().includes("/api/v1/search/recent/") && res.request().method() === "DELETE",
  );
  await recent(page).getByRole("button", { name: "Удалить «смартфон» из истории" }).click();
  await expect(recent(page).getByRole("link")).toHaveText(["Наушники"]);
  // Focus stays in the list, on the next remove button.
  await expect(recent(page).getByRole("button", { name: "Удалить «Наушники» из истории" })).toBeFocused();
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(recent(page).getByRole("link")).toHaveText(["Наушники"]);

  await waitForHydration(page);
  // The list empties at once; the reload must wait for the server to have forgotten it too.
  const cleared = page.waitForResponse(
    (res) => res.url().includes("/api/v1/search/recent") && res.request().method() === "DELETE",
  );
  await recent(page).getByRole("button", { name: "Очистить" }).click();
  await expect(recent(page)).toHaveCount(0);
  await expect(field(page)).toBeFocused();
  expect((await cleared).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Часто ищут" })).toBeVisible();
  await expect(recent(page)).toHaveCount(0);
});

test("a results page opened from a link shows the results but does not enter the history", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/search/recent")) posts.push(r.postData() ?? "");
  });
  // As if the shopper followed someone else's link: a document load of the results page.
  await page.goto(`/search/?q=${encodeURIComponent("купите у нас")}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("купите у нас");
  // A reload is not a new search either.
  await page.reload();
  await waitForHydration(page);

  // Then a search of their own, from the header's field: only it is kept.
  const saved = recorded(page);
  const own = page.getByRole("combobox", { name: "Поиск по Витрине" });
  await own.fill("смартфон");
  await own.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("смартфон");
  await saved;
  expect(posts.map((body) => JSON.parse(body).query)).toEqual(["смартфон"]);

  await page.goto("/search-form");
  await waitForHydration(page);
  await expect(recent(page).getByRole("link")).toHaveText(["смартфон"]);
});

test("popular queries lead to their results, and then count as the shopper's own", async ({ page }) => {
  await page.goto("/search-form");
  await waitForHydration(page);
  const chips = popular(page).getByRole("link");
  await expect(chips.first()).toBeVisible();
  expect(await chips.count()).toBeGreaterThanOrEqual(3);
  const query = (await chips.first().textContent())!.trim();

  const saved = recorded(page);
  await chips.first().click();
  await expect(page).toHaveURL(`/search/?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`«${query}»`);
  await expect(
    page.getByRole("list", { name: "Найденные товары" }).getByRole("article").first(),
  ).toBeVisible();
  await saved;

  await page.goBack();
  await expect(recent(page).getByRole("link")).toHaveText([query]);
});

test("suggestions still appear while typing on the search screen", async ({ page }) => {
  await page.goto("/search-form");
  await waitForHydration(page);
  await field(page).fill("смарт");
  const listbox = page.getByRole("main").getByRole("listbox", { name: "Подсказки" });
  await expect(listbox.getByRole("option", { name: /Смартфон/ }).first()).toBeVisible();
  await field(page).press("Escape");
  await expect(listbox).toBeHidden();
});

/** Fills the history through the API (the request context shares the page's cookies). */
async function remember(page: Page, queries: string[]) {
  for (const query of queries) {
    const res = await page.request.post("/api/v1/search/recent", { data: { query } });
    expect(res.status()).toBe(200);
  }
}

const HISTORY = [
  "беспроводные наушники с шумоподавлением и долгой работой от батареи",
  "кроссовки",
  "Чайник электрический",
  "смартфон",
];

test.describe("screenshots and contrast", { tag: "@matrix" }, () => {
  // Each theme × width project audits and shoots its own.
  test("the screen with a history: no serious accessibility violations, and as the shopper types", async ({
    page,
  }, info) => {
    const dir = "test-results/screenshots";
    mkdirSync(dir, { recursive: true });
    const width = page.viewportSize()!.width;
    const theme = themeOf(info);
    await remember(page, [...HISTORY].reverse());
    await page.goto("/search-form");
    await waitForHydration(page);
    await expectTheme(page, info);
    await expect(recent(page).getByRole("link")).toHaveCount(HISTORY.length);
    await expect(popular(page).getByRole("link").first()).toBeVisible();
    await expectAccessible(page, "the search screen with a history");
    await page.screenshot({ path: `${dir}/${theme}-search-form-${width}.png`, fullPage: true });
    await field(page).fill("смарт");
    await expect(page.getByRole("main").getByRole("option").first()).toBeVisible();
    await page.screenshot({ path: `${dir}/${theme}-search-form-typing-${width}.png` });
  });
});

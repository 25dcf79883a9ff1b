import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CatalogMenu } from "#contract/catalog-menu.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

const SCREENSHOTS = "test-results/screenshots";

async function menu(request: APIRequestContext): Promise<CatalogMenu> {
  const response = await request.get("/api/v1/catalog-menu");
  expect(response.status()).toBe(200);
  return (await response.json()) as CatalogMenu;
}

const catalogButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Каталог" });
const sections = (page: Page) => page.getByRole("tablist", { name: "Разделы каталога" });

async function openMenu(page: Page) {
  const button = catalogButton(page);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(sections(page)).toBeVisible();
}

// The mega-menu is for screens wider than 1200 px: these run in the desktop project (untagged); its look
// and contrast in both themes are the @matrix screenshots' below.
test.describe("desktop mega-menu", () => {
  test("the catalogue button opens the menu; arrows move through sections, Escape closes it", async ({
    page,
    request,
  }, info) => {
    const { items } = await menu(request);
    await page.goto("/");
    await waitForHydration(page);
    await expectTheme(page, info);
    const button = catalogButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const panelId = await button.getAttribute("aria-controls");
    await expect(page.locator(`[id="${panelId}"]`)).toBeHidden();

    await openMenu(page);
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    const tabs = sections(page).getByRole("tab");
    await expect(tabs).toHaveText(items.map((r) => r.title));
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByRole("link", { name: items[0]!.title, exact: true })).toBeVisible();
    for (const group of items[0]!.children) {
      await expect(panel.getByRole("link", { name: group.title, exact: true })).toBeVisible();
    }

    // Keyboard: Tab from the button reaches the active section, arrows and End move, Tab enters the links.
    await button.focus();
    await page.keyboard.press("Tab");
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("link", { name: items[1]!.title, exact: true })).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(tabs.last()).toBeFocused();
    const popular = items.at(-1)!;
    await expect(panel.getByRole("link", { name: popular.title, exact: true })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: popular.title, exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: popular.children[0]!.title, exact: true })).toBeFocused();
    // The focused link is visibly marked.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe("solid");

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(sections(page)).toBeHidden();
    await expect(button).toBeFocused();

    // Enter on the focused button opens it again, where it was left.
    await page.keyboard.press("Enter");
    await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(tabs.last()).toBeFocused();
  });

  test("hovering a section shows its groups; a grandchild opens its category and closes the menu", async ({
    page,
    request,
  }, info) => {
    const { items } = await menu(request);
    await page.goto("/");
    await waitForHydration(page);
    await expectTheme(page, info);
    await openMenu(page);
    const root = items[2]!;
    await sections(page).getByRole("tab", { name: root.title }).hover();
    await expect(sections(page).getByRole("tab", { name: root.title })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const leaf = root.children[0]!.children[0]!;
    await page.getByRole("tabpanel").getByRole("link", { name: leaf.title, exact: true }).click();
    await expect(page).toHaveURL(leaf.href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leaf.title);
    await expect(catalogButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(sections(page)).toBeHidden();
  });

  test("a click outside the menu closes it and the page stays", async ({ page }) => {
    await page.goto("/catalog");
    await waitForHydration(page);
    await openMenu(page);
    // On the dimmed page under the menu…
    await page.mouse.click(640, 860);
    await expect(catalogButton(page)).toHaveAttribute("aria-expanded", "false");
    // …and on the header around it.
    await openMenu(page);
    // The header's top bar, between the city and the shoppers' links.
    await page.getByRole("banner").click({ position: { x: 600, y: 18 } });
    await expect(catalogButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(sections(page)).toBeHidden();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test("the menu's data and code load only when the shopper reaches for it", async ({ page }) => {
    const menuRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/catalog-menu")) menuRequests.push(r.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    // Not even hidden in the page: the menu's markup comes with its code.
    await expect(page.getByRole("tablist", { name: "Разделы каталога", includeHidden: true })).toHaveCount(0);
    expect(menuRequests).toEqual([]);
    await catalogButton(page).hover();
    await expect.poll(() => menuRequests.length).toBe(1);
    await openMenu(page);
    expect(menuRequests).toHaveLength(1);
  });
});

test.describe("catalogue menu pages", () => {
  // Touch-sized rows at both widths (on phones these pages are the way into the catalogue).
  test(
    "a section's page lists its children; a child with children opens its own page, a leaf its category",
    {
      tag: "@widths",
    },
    async ({ page, request }, info) => {
      const root = (await menu(request)).items[0]!;
      const response = await page.goto(`/catalog-menu/${root.id}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expectTheme(page, info);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(root.title);
      await expect(page).toHaveTitle(`${root.title}: купить с доставкой и кешбэком — Витрина`);
      const list = page.getByRole("list", { name: `Разделы: ${root.title}` });
      await expect(list.getByRole("link")).toHaveCount(root.children.length);
      await expect(page.getByRole("link", { name: "Все товары раздела" })).toHaveAttribute("href", root.href);

      const group = root.children[0]!;
      const groupLink = list.getByRole("link", { name: new RegExp(`^${group.title}`) });
      await expect(groupLink).toContainText(/\d+ товар/);
      // Big enough to hit with a thumb.
      expect((await groupLink.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      await groupLink.click();
      await expect(page).toHaveURL(`/catalog-menu/${group.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.title);
      const crumbs = page.getByRole("navigation", { name: "Навигационная цепочка" });
      await expect(crumbs.getByRole("link", { name: root.title })).toHaveAttribute(
        "href",
        `/catalog-menu/${root.id}`,
      );

      const leaf = group.children[0]!;
      await page
        .getByRole("list", { name: `Разделы: ${group.title}` })
        .getByRole("link", { name: new RegExp(`^${leaf.title}`) })
        .click();
      await expect(page).toHaveURL(leaf.href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(leaf.title);
    },
  );

  test.describe("unknown nodes", () => {
    test.use({ allowedConsoleErrors: /status of 404/ });

    test("an unknown node is the 404 screen", async ({ page }) => {
      for (const path of ["/catalog-menu/999999", "/catalog-menu/abc"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
      }
    });
  });

  test("on phones the catalogue stays a link to /catalog", { tag: "@phone" }, async ({ page }, info) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectTheme(page, info);
    await expect(page.getByRole("button", { name: "Каталог" })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Основная навигация" })
      .getByRole("link", { name: "Каталог" })
      .click();
    await expect(page).toHaveURL(/\/catalog$/);
  });
});

test.describe("screenshots and contrast", { tag: "@matrix" }, () => {
  // Each theme × width project takes its own (see playwright.config.ts); the mega-menu exists only on wide
  // screens, so there the open menu is audited and shot too.
  test("a menu page, and on wide screens the open mega-menu under axe", async ({ page, request }, info) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const name = (shot: string) =>
      `${SCREENSHOTS}/${themeOf(info)}-${shot}-${page.viewportSize()!.width}.png`;
    const root = (await menu(request)).items[0]!;
    await page.goto(`/catalog-menu/${root.id}`);
    await waitForHydration(page);
    await expectTheme(page, info);
    await page.screenshot({ path: name("catalog-menu-page"), fullPage: true });
    if (isPhone(info)) return;
    await openMenu(page);
    // The menu opens under the header's middle bar, inside the banner: axe on the header, not the dimmed page.
    await expectAccessible(page, "the mega-menu open", { include: "header", strict: true });
    await sections(page).getByRole("tab").nth(1).hover();
    await expect(sections(page).getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
    await page.screenshot({ path: name("mega-menu") });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.screenshot({ path: name("mega-menu-focus") });
  });
});

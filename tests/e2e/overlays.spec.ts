import { mkdirSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectTheme, refuseBankProfile, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

/**
 * Dialogs, toasts and comboboxes from the keyboard, and under axe and in screenshots in both themes at
 * 375 and 1280 px (the @matrix tests at the end; the behaviour is the same in every theme and runs once).
 * The dialog is the identity-import offer (the only modal at every width), the toast its error, the
 * comboboxes the header search and the city search.
 */

const SCREENSHOTS = "test-results/screenshots";
const shot = (page: Page, info: TestInfo, name: string) =>
  `${SCREENSHOTS}/overlays-${themeOf(info)}-${name}-${page.viewportSize()!.width}.png`;

/**
 * The import offer is off in the seeded database: the browser's options answer switches it on, once the
 * returned release() is called, so the test decides when the dialog opens.
 */
async function holdImportOffer(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/options", async (route) => {
    await released;
    await route.fulfill({
      json: {
        items: [
          { code: "show_modal_import_external_profile_data", value: true },
          { code: "modal_import_external_profile_data_hours_delay", value: 24 },
        ],
      },
    });
  });
  return release;
}

const importDialog = (page: Page) => page.getByRole("dialog", { name: "Заполним профиль за вас" });

/** The element that has focus, described for messages: tag, name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30)}`
      : "none";
  });

const isInside = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));

test("a dialog: the page behind is inert and pinned, Tab stays inside, Esc closes and focus goes back", async ({
  page,
}, info) => {
  const release = await holdImportOffer(page);
  await page.goto("/");
  await waitForHydration(page);
  await expectTheme(page, info);

  // Focus on a control of the page, then scrolled down: the dialog must give both back.
  const opener = page.getByRole("link", { name: /^Ваш город:/ });
  await opener.focus();
  await page.evaluate(() => window.scrollTo(0, 600));
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  release();

  const dialog = importDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(await isInside(dialog)).toBe(true);

  // The page behind cannot be reached: inert, so neither focus nor assistive technology gets there.
  const main = page.getByRole("main", { includeHidden: true });
  const inertAncestor = await main.evaluate((el) => el.closest("[inert]") !== null);
  expect(inertAncestor, "the page under the dialog is inert").toBe(true);
  await opener.focus();
  expect(await isInside(dialog), "focus cannot be put on the page behind").toBe(true);
  // The body is pinned where the page was (iOS Safari ignores overflow: hidden alone).
  expect(await page.evaluate(() => getComputedStyle(document.body).position)).toBe("fixed");
  expect(await page.evaluate(() => document.body.style.top)).toBe(`-${scrolledTo}px`);

  // Tab and Shift+Tab cycle through the dialog's controls only.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await isInside(dialog), `Tab ${i + 1} landed on ${await focused(page)}`).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await isInside(dialog), `Shift+Tab ${i + 1} landed on ${await focused(page)}`).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.body.style.position)).toBe("");
  expect(await page.evaluate(() => document.querySelectorAll("[inert]").length), "inert left behind").toBe(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledTo);
});

/**
 * The import offer's dialog open on the home page, its import set to fail (502). The page's clock is
 * installed first, for the tests to run it on.
 */
async function openImportDialog(page: Page) {
  await page.clock.install();
  const release = await holdImportOffer(page);
  await refuseBankProfile(page);
  await page.goto("/");
  await waitForHydration(page);
  release();
  const dialog = importDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The import failing: its error toast above the dialog, hovered at once so nothing that follows outlasts it. */
async function showToastOverDialog(page: Page) {
  const dialog = await openImportDialog(page);
  const importButton = dialog.getByRole("button", { name: "Заполнить из профиля банка" });
  await importButton.click();
  const toast = page.getByRole("alert").getByTestId("toast").filter({ hasText: "Не удалось открыть импорт" });
  await expect(toast).toBeVisible();
  await toast.hover();
  return { dialog, importButton, toast };
}

test.describe("toasts", () => {
  test.use({ allowedConsoleErrors: /status of 502/ });

  test("live regions wait empty from the first paint; a toast above a dialog is announced and pauses while hovered or focused", async ({
    page,
  }) => {
    // Both regions are in the server's HTML, empty, before any toast exists.
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<div class="ui-toaster__region" role="alert" aria-live="assertive"><\/div>/);
    expect(html).toMatch(/<div class="ui-toaster__region" role="status" aria-live="polite"><\/div>/);

    // Errors go to the assertive region; the toast sits above the dialog and stays usable.
    const { dialog, importButton, toast } = await showToastOverDialog(page);
    await expect(page.getByRole("alert").filter({ hasText: "Не удалось открыть импорт" })).toHaveAttribute(
      "aria-live",
      "assertive",
    );
    await expect(page.getByTestId("toaster")).not.toHaveAttribute("inert");
    // The spec's 300 px on a wide screen (a phone's: the next test).
    const box = (await toast.boundingBox())!;
    expect(Math.round(box.width)).toBe(300);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Hovered, it outlives its 3 s + 2 × 300 ms many times over; let go, it leaves within that time.
    await page.clock.runFor(10_000);
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveClass(/ui-toast--leaving/);
    await page.mouse.move(5, page.viewportSize()!.height - 5);
    await page.clock.runFor(3_700);
    await expect(toast).toHaveCount(0);

    // Focused (its close button), the same; Tab back into the dialog lets it go.
    await importButton.click();
    await expect(toast).toBeVisible();
    await page.mouse.move(5, page.viewportSize()!.height - 5);
    await toast.getByRole("button", { name: "Закрыть уведомление" }).focus();
    await page.clock.runFor(10_000);
    await expect(toast).toBeVisible();
    await page.keyboard.press("Tab");
    expect(await isInside(dialog)).toBe(true);
    await page.clock.runFor(3_700);
    await expect(toast).toHaveCount(0);
  });

  test("on a phone a toast takes the screen's width less the margins", { tag: "@phone" }, async ({
    page,
  }) => {
    const { toast } = await showToastOverDialog(page);
    const box = (await toast.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(box.x).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});

test("the header search: one combobox behaviour with arrows, Home/End, Escape and Enter", async ({
  page,
}, info) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  await expectTheme(page, info);
  const field = page.getByRole("combobox", { name: "Поиск по Витрине" });
  // A text input with the combobox role (a search input cannot take it), the phone's search key kept.
  await expect(field).toHaveAttribute("type", "text");
  await expect(field).toHaveAttribute("inputmode", "search");
  await expect(field).toHaveAttribute("enterkeyhint", "search");
  await expect(field).toHaveAttribute("aria-autocomplete", "list");
  await expect(field).toHaveAttribute("aria-expanded", "false");

  await field.fill("смарт");
  const listbox = page.getByRole("listbox", { name: "Подсказки" });
  const options = listbox.getByRole("option");
  await expect(options.first()).toBeVisible();
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expect(field).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
  const count = await options.count();
  const idOf = async (i: number) => (await options.nth(i).getAttribute("id"))!;
  await expect(field).not.toHaveAttribute("aria-activedescendant");

  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(0));
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await field.press("ArrowUp");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(count - 1));
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(0));
  if (count > 1) {
    await field.press("ArrowDown");
    await expect(field).toHaveAttribute("aria-activedescendant", await idOf(1));
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  }

  // Home and End belong to the text (APG, editable combobox): the active option is let go.
  await field.press("Home");
  await expect(field).not.toHaveAttribute("aria-activedescendant");
  expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(0);
  await field.press("End");
  expect(await field.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe("смарт".length);

  // The mouse moves the active option too.
  await options.nth(0).hover();
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(0));

  // Escape closes the list, then clears the field.
  await field.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(field).not.toHaveAttribute("aria-activedescendant");
  await expect(field).toHaveValue("смарт");
  await field.press("Escape");
  await expect(field).toHaveValue("");

  // ArrowDown opens it again; Enter on an active option follows it.
  await field.fill("смарт");
  await expect(options.first()).toBeVisible();
  await field.press("Escape");
  await expect(listbox).toBeHidden();
  await field.press("ArrowDown");
  await expect(options.first()).toBeVisible();
  await field.press("ArrowDown");
  // The option's text begins with its label (the hint and the price follow).
  const label = (await options.nth(0).textContent())!;
  await field.press("Enter");
  await expect(page).not.toHaveURL(/\/catalog$/);
  const start = label.slice(0, 5).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(new RegExp(start, "i"));
});

test("the city search: the same keys, and Enter confirms the active city", async ({ page }, info) => {
  // Back to the home page, where the city strip shows at every width.
  await page.goto("/select-city?returnTo=%2F");
  await waitForHydration(page);
  await expectTheme(page, info);
  const field = page.getByRole("combobox", { name: "Поиск города" });
  const listbox = page.getByRole("listbox", { name: "Популярные города" });
  const options = listbox.getByRole("option");
  await expect(options).toHaveCount(12);
  await expect(field).toHaveAttribute("aria-expanded", "true");
  const cityList = page.locator(`[id="${await field.getAttribute("aria-controls")}"]`);
  const idOf = async (i: number) => (await options.nth(i).getAttribute("id"))!;

  await field.focus();
  await field.press("ArrowUp");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(11));
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(0));
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", await idOf(1));

  await field.press("End");
  await expect(field).not.toHaveAttribute("aria-activedescendant");

  // Escape folds the list, a second one clears the typed text; an arrow brings the list back.
  await field.fill("каз");
  const found = page.getByRole("listbox", { name: "Найденные города" }).getByRole("option");
  await expect(found.filter({ hasText: "Казань" })).toBeVisible();
  await field.press("Escape");
  await expect(cityList).toBeHidden();
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(field).toHaveValue("каз");
  await field.press("Escape");
  await expect(field).toHaveValue("");
  await field.press("ArrowDown");
  await expect(options).toHaveCount(12);

  await field.fill("казан");
  await expect(found.filter({ hasText: "Казань" }).first()).toBeVisible();
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", (await found.first().getAttribute("id"))!);
  await field.press("Enter");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("link", { name: /^Ваш город: Казань/ })).toBeVisible();
});

test.describe("under axe and in screenshots", { tag: "@matrix" }, () => {
  // Each theme × width project audits and shoots its own.
  test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

  test.describe(() => {
    test.use({ allowedConsoleErrors: /status of 502/ });

    test("the dialog, and a toast shown over it", async ({ page }, info) => {
      const dialog = await openImportDialog(page);
      await expectTheme(page, info);
      await expectAccessible(page, "the dialog open");
      await page.screenshot({ path: shot(page, info, "dialog") });
      await dialog.getByRole("button", { name: "Заполнить из профиля банка" }).click();
      const toast = page.getByRole("alert").getByTestId("toast");
      await expect(toast).toBeVisible();
      // Hovered, it stays while axe looks.
      await toast.hover();
      await expectAccessible(page, "a toast shown over the dialog");
      await page.screenshot({ path: shot(page, info, "toast") });
    });
  });

  test("the header search and the city search open", async ({ page }, info) => {
    await page.goto("/catalog");
    await waitForHydration(page);
    await expectTheme(page, info);
    const search = page.getByRole("combobox", { name: "Поиск по Витрине" });
    await search.fill("смарт");
    await expect(page.getByRole("listbox", { name: "Подсказки" }).getByRole("option").first()).toBeVisible();
    await search.press("ArrowDown");
    await expect(search).toHaveAttribute("aria-activedescendant", /.+/);
    await expectAccessible(page, "the search combobox open");
    await page.screenshot({ path: shot(page, info, "search-combobox") });

    await page.goto("/select-city?returnTo=%2F");
    await waitForHydration(page);
    const city = page.getByRole("combobox", { name: "Поиск города" });
    await expect(page.getByRole("listbox", { name: "Популярные города" }).getByRole("option")).toHaveCount(
      12,
    );
    await city.focus();
    await city.press("ArrowDown");
    await expect(city).toHaveAttribute("aria-activedescendant", /.+/);
    await expectAccessible(page, "the city combobox open");
    await page.screenshot({ path: shot(page, info, "city-combobox") });
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: what an axe check fails on. */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core on the page as it is now. Legacy mode runs axe in the page itself: the default opens a blank
 * page in the context to merge the frames' results, which doubled every check here (home at 1280 px: 3.5–4.2 s
 * against 1.7–1.9 s, the same findings). The storefront's pages have no cross-origin frames to miss.
 */
export function axeOn(page: Page, tags: string[] = WCAG) {
  return new AxeBuilder({ page }).setLegacyMode(true).withTags(tags);
}

export interface AccessibleOptions {
  /** Only this part of the page (a selector axe takes). */
  include?: string;
  /** Left out, e.g. toasts caught fading in (half their contrast); the overlays spec checks them on screen. */
  exclude?: string;
  /** Every violation fails, not only serious and critical ones. */
  strict?: boolean;
}

/** No serious or critical (with `strict`, no) WCAG A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string, options: AccessibleOptions = {}) {
  let builder = axeOn(page);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
  const failing = violations
    .filter((v) => options.strict || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(failing, `axe on ${what}`).toEqual([]);
}

/** Toasts, left out of a check (`exclude`). */
export const TOASTS = '[data-testid="toaster"]';

import type { Page, TestInfo } from "@playwright/test";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";
import { axeOn, WCAG } from "./support/axe.ts";

/**
 * axe-core on the key pages at both widths (the desktop and mobile projects), after hydration: no
 * violation of impact "serious" or "critical" against WCAG 2.0/2.1 A and AA. Lesser violations and axe's
 * best-practice findings do not fail the test but are attached to its report as annotations, so they are
 * seen. Both themes at both widths: the spec is tagged @matrix, and each of the four projects audits the
 * theme its own server draws (the theme is start-up configuration; see playwright.config.ts).
 */
// axe's best-practice rules (heading order, landmarks, …) count in Lighthouse's accessibility score: they
// are reported with the minor findings, never failing the test.
const TAGS = [...WCAG, "best-practice"];

type Violation = Awaited<ReturnType<ReturnType<typeof axeOn>["analyze"]>>["violations"][number];

function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => {
          const summary = (n.failureSummary ?? "").replace(/\s*\n\s*/g, " ");
          return `    • ${n.target.join(" ")}\n      ${n.html.slice(0, 160)}\n      ${summary}`;
        })
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n\n");
}

async function audit(page: Page, info: TestInfo, url: string, status: number) {
  const response = await page.goto(url);
  expect(response?.status(), `status of ${url}`).toBe(status);
  await waitForHydration(page);
  // The theme audited is the project's.
  await expectTheme(page, info);
  const { violations } = await axeOn(page, TAGS).analyze();
  const blocking = violations.filter(
    (v) => (v.impact === "serious" || v.impact === "critical") && v.tags.some((tag) => WCAG.includes(tag)),
  );
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length) {
    info.annotations.push({ type: "axe (not failing)", description: formatViolations(minor) });
    const ids = minor.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`).join(", ");
    console.info(`axe, not failing, on ${url} (${info.project.name}): ${ids}`);
  }
  // Ids only in the comparison, the readable details in the message: axe's raw objects drown the diff.
  expect(
    blocking.map((v) => `${v.impact} ${v.id}`),
    `axe violations on ${url} (${info.project.name}):\n\n${formatViolations(blocking)}\n`,
  ).toEqual([]);
}

async function json<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Category {
  id: number;
  slug: string;
  children: Category[];
}

/** The pages under test; paths to a category and a product come from the seeded catalogue. */
const PAGES: { name: string; status: number; path: (origin: string) => Promise<string> | string }[] = [
  { name: "home", status: 200, path: () => "/" },
  { name: "catalogue", status: 200, path: () => "/catalog" },
  {
    name: "a category",
    status: 200,
    path: async (origin) => {
      const { items } = await json<{ items: Category[] }>(origin, "/api/v1/categories");
      const category = items[0]?.children[0] ?? items[0];
      expect(category, "a seeded category").toBeTruthy();
      return `/catalog/${category!.id}/${category!.slug}`;
    },
  },
  {
    name: "a product",
    status: 200,
    path: async (origin) => {
      const { items } = await json<{ items: { id: number }[] }>(origin, "/api/v1/products?limit=1");
      expect(items[0], "a seeded product").toBeTruthy();
      return `/product/${items[0]!.id}`;
    },
  },
  { name: "basket", status: 200, path: () => "/basket" },
  { name: "city selection", status: 200, path: () => "/select-city" },
  { name: "phone sign-in", status: 200, path: () => "/auth/mobile" },
  { name: "404: an unknown address", status: 404, path: () => "/definitely/not/here" },
  // A signed-out visit to an account page lands here (redirect-personal, ADR 034).
  {
    name: "sign-in, where a page for signed-in shoppers sends a signed-out one",
    status: 200,
    path: () => `/auth?redirectTo=${encodeURIComponent("/personal/orders")}`,
  },
];

test.describe("axe", { tag: "@matrix" }, () => {
  for (const { name, status, path } of PAGES) {
    test.describe(() => {
      // The browser reports the page's own 4xx status in the console; that is expected here.
      if (status !== 200) test.use({ allowedConsoleErrors: /status of 40[14]/ });
      test(name, async ({ page, baseURL }, info) => {
        await audit(page, info, await path(baseURL!), status);
      });
    });
  }
});

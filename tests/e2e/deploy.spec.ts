import { expect, test, waitForHydration } from "./fixtures.ts";

type DeployWindow = Window & { __reactRouterManifest?: { version: string }; __sameDocument?: boolean };

test("/api/build answers the id of the build the page was rendered with", async ({ page }) => {
  await page.goto("/");
  const response = await page.request.get("/api/build");
  expect(response.headers()["cache-control"]).toBe("no-store");
  const { buildId } = (await response.json()) as { buildId: string };
  expect(buildId).not.toBe("dev");
  expect(await page.evaluate(() => (window as DeployWindow).__reactRouterManifest?.version)).toBe(buildId);
});

test("once a new build is deployed, the next in-app navigation loads a fresh document", async ({ page }) => {
  // The server "deploys" another build as far as this tab can tell.
  await page.route("**/api/build", (route) =>
    route.fulfill({ json: { buildId: "next-deploy" }, headers: { "Cache-Control": "no-store" } }),
  );
  await page.goto("/catalog");
  await waitForHydration(page);
  // A window property survives client-side navigations and disappears with a new document.
  await page.evaluate(() => {
    (window as DeployWindow).__sameDocument = true;
  });

  // Control: before the watcher knows, links navigate on the client.
  await page.getByRole("link", { name: "Витрина — на главную" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as DeployWindow).__sameDocument)).toBe(true);

  // Coming back to the tab makes the watcher ask the server.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page.locator("html")).toHaveAttribute("data-build-outdated", "true");

  const documentLoad = page.waitForEvent("load");
  // The header's basket link.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Корзина/ })
    .click();
  await documentLoad;
  await expect(page).toHaveURL(/\/basket$/);
  expect(await page.evaluate(() => (window as DeployWindow).__sameDocument)).toBeUndefined();
  // One history entry for the navigation: back returns to the page the shopper came from.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

import { expect, test } from "../support/test.ts";

// What the listing's addresses answer, with no page drawn (the listing's journeys: ../listing.spec.ts).

test("a category address with a wrong or missing slug redirects permanently to the canonical one", async ({
  request,
}) => {
  for (const path of ["/catalog/1", "/catalog/1/", "/catalog/1/old-name"]) {
    const response = await request.get(`${path}?sort=new`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location).toBe("/catalog/1/elektronika?sort=new");
  }
  const ok = await request.get("/catalog/1/elektronika", { maxRedirects: 0 });
  expect(ok.status()).toBe(200);
});

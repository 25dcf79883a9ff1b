import { expect, test } from "../support/test.ts";

/**
 * Nothing personal is kept by a browser or a shared cache (issue 11 point 11): the sign-in pages, every
 * account page and its data request, and the redirects that send a shopper to sign in or on to the orders
 * — signed in or out, from the production server. The bank stand-in's screens, which need a browser to walk
 * through, are checked in ../personal-headers.spec.ts.
 */
const SIGN_IN_PAGES = ["/auth", "/auth?redirectTo=%2Fbasket", "/auth/mobile", "/confirm/auth"];
const ACCOUNT_PAGES = [
  "/personal",
  "/personal/orders?tab=completed",
  "/personal/profile",
  "/personal/address/new",
  "/personal/recipients",
  "/personal/wishlist",
  "/personal/viewed",
];

/** The route data request React Router makes for a page on client navigation. */
const dataUrl = (path: string) => {
  const url = new URL(path, "http://x");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
};

test("sign-in and account pages, their data and their redirects are never stored", async ({
  request,
  signedInRequest,
}) => {
  const signedIn = (await signedInRequest()).request;
  for (const [who, client] of [
    ["signed out", request],
    ["signed in", signedIn],
  ] as const) {
    for (const path of [...SIGN_IN_PAGES, ...ACCOUNT_PAGES]) {
      for (const url of [path, dataUrl(path)]) {
        const response = await client.get(url, { maxRedirects: 0 });
        const label = `${who} ${url} → ${response.status()}`;
        expect(response.status(), label).toBeLessThan(500);
        expect(response.headers()["cache-control"], label).toMatch(/(^|, )no-store$/);
        // Only the orders' frame is kept in the process (ADR 072), and only for a signed-in shopper.
        if (who === "signed out" || !path.startsWith("/personal/orders")) {
          expect(response.headers()["x-cache"], label).toBeUndefined();
        }
      }
    }
  }
});

test("a shopper back from the acquirer signed out is sent to sign in, and then to the same outcome page", async ({
  request,
}) => {
  for (const path of ["/thank-you?orderId=12", "/fail?orderId=12"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    expect(response.headers()["cache-control"], path).toMatch(/(^|, )no-store$/);
  }
});

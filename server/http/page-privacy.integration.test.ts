import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_PART_STATE_ID, personalPartMarker } from "#contract/page-cache.ts";
import type { PersonalPartRenderer, SsrLoadContext } from "#contract/ssr.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { newShopper } from "#tests/fixtures/api-call.ts";
import { plainProduct } from "#tests/fixtures/catalog-writes.ts";
import { getTestContext, webAppWith } from "#tests/fixtures/test-app.ts";
import { pagePolicyResolver } from "./page-cache.ts";

/**
 * The page cache and the shopper's cookies (ADR 020), through the real API and the real SSR transport.
 * The "storefront" here is a stand-in render that reads what a loader would, through `context.apiFetch`.
 */

const ROUTES = pagePolicyResolver([
  // A page wrongly declared shared that reads the visitor's recently viewed products.
  { path: "viewed-strip", handle: { cache: "shared" } },
  // A catalogue-like page: the header's city and a product.
  { path: "city-probe", handle: { cache: "city" } },
  // A personal page whose render writes (the API issues the visitor cookie on the way).
  { path: "account", handle: { cache: "personal" } },
  // A shell (ADR 072): the frame of a signed-in shopper's page; the shopper's data would come later.
  { path: "orders-frame", handle: { cache: "shell" } },
  // A shell with a personal part (ADR 074): the frame kept, the shopper's part rendered per request.
  { path: "basket-frame", handle: { cache: "shell", part: "lines" } },
  // A part page whose address names an order (ADR 076): one frame kept under a path no order has.
  { path: "pay/:id", handle: { cache: "shell", part: "order", frame: "/pay/frame" } },
]);

/** What each render of the part's frame saw, and each render of the part. */
let partFrames: { cookie: string | null; forEveryone: boolean | undefined }[] = [];
let partRenders: string[] = [];
/** The frame's render answers something the cache will not keep (as when a read failed meanwhile). */
let frameUnkeepable = false;

/** The part of a shopper's own: their phone, through the API with all their cookies. */
const renderPart: PersonalPartRenderer = async (name, context) => {
  partRenders.push(name);
  const res = await context.apiFetch("/api/v1/user/profile");
  if (res.status !== 200) return undefined;
  const { name: own } = (await res.json()) as { name: string };
  // The order's part reads its order from the address it was asked for.
  if (name === "order") {
    const values: Record<string, string> = {};
    return { html: `<p>order:${new URL(context.url).pathname}:${own}</p>`, state: {}, values };
  }
  // Text a shopper wrote may look like markup: the data block must not end early.
  return {
    html: `<p>own:${own}</p>`,
    state: { own, note: "</script><script>alert(1)</script>" },
    values: { title: "Корзина <3" },
  };
};

/** What each render of the order's page saw: its path, and whether it rendered the frame. */
let payFrames: { path: string; forEveryone: boolean | undefined }[] = [];

/** What each render of the shell saw: its cookies and whether it was told it renders for everyone. */
let shellRenders: { cookie: string | null; forEveryone: boolean | undefined }[] = [];

let productId: number;
let renders: string[] = [];

async function ssr(request: Request, context: SsrLoadContext): Promise<Response> {
  // A client navigation's data request (`/x.data`) runs the same page's loaders.
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  renders.push(path);
  const html = (body: string) =>
    new Response(`<html><body>${body}</body></html>`, { headers: { "Content-Type": "text/html" } });
  if (path === "/viewed-strip") {
    const viewed = (await (await context.apiFetch("/api/v1/viewed")).json()) as { items: { id: number }[] };
    return html(`viewed:${viewed.items.map((p) => p.id).join(",")}`);
  }
  if (path === "/city-probe") {
    const [current, product] = await Promise.all([
      context
        .apiFetch("/api/v1/address/current")
        .then((r) => r.json() as Promise<{ city: { name: string } }>),
      context.apiFetch(`/api/v1/products/${productId}`).then((r) => r.json() as Promise<{ name: string }>),
    ]);
    return html(`${current.city.name}: ${product.name}`);
  }
  if (path === "/orders-frame") {
    shellRenders.push({ cookie: request.headers.get("cookie"), forEveryone: context.forEveryone });
    // As the personal layout does when it is not rendering for everyone: the session decides.
    if (!context.forEveryone) {
      const profile = await context.apiFetch("/api/v1/user/profile");
      if (profile.status === 401) return new Response(null, { status: 302, headers: { Location: "/auth" } });
      return html(`own:${profile.status}`);
    }
    return html("frame");
  }
  if (path === "/basket-frame") {
    partFrames.push({ cookie: request.headers.get("cookie"), forEveryone: context.forEveryone });
    if (!context.forEveryone) {
      const profile = await context.apiFetch("/api/v1/user/profile");
      return html(`whole:${profile.status}`);
    }
    const frame = html(
      `<script nonce="${context.cspNonce}">frame()</script>frame:${personalPartMarker("lines")}:end<script nonce="${context.cspNonce}">after()</script>`,
    );
    if (frameUnkeepable) frame.headers.set("Cache-Control", "no-store");
    return frame;
  }
  if (path.startsWith("/pay/")) {
    payFrames.push({ path, forEveryone: context.forEveryone });
    if (!context.forEveryone) return html(`whole:${path}`);
    return html(`frame:${personalPartMarker("order")}:end`);
  }
  if (path === "/account") {
    const res = await context.apiFetch(`/api/v1/viewed/${productId}`, { method: "POST" });
    return html(`recorded:${res.status}`);
  }
  return new Response("нет", { status: 404 });
}

function webApp(env: Record<string, string> = {}) {
  return webAppWith({ ssr, pagePolicy: ROUTES, renderPart }, env);
}

/** The visitor cookie ("vid=…") from a response's Set-Cookie headers. */
function visitorCookie(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("vid="));
}

beforeAll(async () => {
  const { database } = await getTestContext();
  ({ id: productId } = await plainProduct(database.db));
});

describe("a cookie-dependent answer never reaches a cached page", () => {
  let web: Awaited<ReturnType<typeof webApp>>;
  beforeAll(async () => {
    web = await webApp();
  });
  afterAll(() => web.close());
  const page = (path: string, cookie?: string) =>
    web.app.request(`http://shop.test${path}`, cookie ? { headers: { Cookie: cookie } } : {});

  it("renders a page that read a personal answer for each request, and no visitor sees another's", async () => {
    const { app: api } = await getTestContext();
    const alice = visitorCookie(await api.request(`/api/v1/viewed/${productId}`, { method: "POST" }));
    expect(alice).toMatch(/^vid=/);

    renders = [];
    const forAlice = await page("/viewed-strip", `${alice}; city_id=2`);
    expect(await forAlice.text()).toContain(`viewed:${productId}`);
    expect(forAlice.headers.get("x-cache")).toBeNull();
    expect(forAlice.headers.get("cache-control")).toBe("private, no-store");

    const forBob = await page("/viewed-strip");
    expect(await forBob.text()).toContain("viewed:<");
    const forCarol = await page("/viewed-strip", "vid=CCCCCCCCCCCCCCCCCCCCCC");
    expect(await forCarol.text()).not.toContain(String(productId));
    const again = await page("/viewed-strip", alice);
    expect(await again.text()).toContain(`viewed:${productId}`);
    expect(again.headers.get("x-cache")).toBeNull();
    // Each request: one render with the key cookies only (found personal, thrown away), one with its own.
    expect(renders.length).toBe(8);
  });

  it("keeps a city page per city, rendered with nothing but the city cookie", async () => {
    renders = [];
    const first = await page("/city-probe", "city_id=2; vid=AAAAAAAAAAAAAAAAAAAAAA; session=secret");
    const second = await page("/city-probe", "city_id=2; vid=BBBBBBBBBBBBBBBBBBBBBB");
    const otherCity = await page("/city-probe", "city_id=3");
    expect([first, second, otherCity].map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT", "MISS"]);
    expect(first.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(first.headers.get("vary")).toContain("Cookie");
    const [one, two, three] = await Promise.all([first.text(), second.text(), otherCity.text()]);
    expect(two).toBe(one);
    expect(three).not.toBe(one);
    expect(renders).toEqual(["/city-probe", "/city-probe"]);
  });
});

describe("a shell is one frame for every signed-in shopper of a city, and nothing of theirs (ADR 072)", () => {
  let web: Awaited<ReturnType<typeof webApp>>;
  beforeAll(async () => {
    web = await webApp();
  });
  afterAll(() => web.close());
  const page = (cookie?: string) =>
    web.app.request("http://shop.test/orders-frame", cookie ? { headers: { Cookie: cookie } } : {});

  it("renders once, without the session, and serves that frame to each shopper unstored", async () => {
    shellRenders = [];
    const alice = await page("sid=alice-session-token; signed_in=h1; vid=AAAAAAAAAAAAAAAAAAAAAA; city_id=2");
    const bob = await page("city_id=2; sid=bob-session-token");
    expect([alice, bob].map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT"]);
    expect(await bob.text()).toBe(await alice.text());
    expect(shellRenders).toEqual([{ cookie: "city_id=2", forEveryone: true }]);
    for (const res of [alice, bob]) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("renders a request with no session cookie for itself: to the sign-in, never kept", async () => {
    shellRenders = [];
    const visitor = await page("city_id=2; vid=CCCCCCCCCCCCCCCCCCCCCC");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("x-cache")).toBeNull();
    expect(visitor.headers.get("cache-control")).toBe("no-store");
    expect(shellRenders).toEqual([{ cookie: "city_id=2; vid=CCCCCCCCCCCCCCCCCCCCCC", forEveryone: false }]);
  });
});

describe("a shell's personal part: the kept frame with each shopper's own part in it (ADR 074)", () => {
  let web: Awaited<ReturnType<typeof webApp>>;
  beforeAll(async () => {
    web = await webApp();
  });
  afterAll(() => web.close());
  const page = (cookie: string, path = "/basket-frame") =>
    web.app.request(`http://shop.test${path}`, { headers: { Cookie: cookie } });
  const nonceIn = (res: Response) =>
    /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

  it("renders the frame once for everyone and each shopper's part for them, stored nowhere else", async () => {
    partFrames = [];
    partRenders = [];
    const { database } = await getTestContext();
    const [alice, bob] = await Promise.all([
      createSession(database.db, { user: { name: "Алиса" } }),
      createSession(database.db, { user: { name: "Борис" } }),
    ]);
    const forAlice = await page(`${alice.cookie}; city_id=2; vid=AAAAAAAAAAAAAAAAAAAAAA`);
    const forBob = await page(`city_id=2; ${bob.cookie}`);
    expect([forAlice, forBob].map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT"]);
    expect(partFrames).toEqual([{ cookie: "city_id=2", forEveryone: true }]);
    expect(partRenders).toEqual(["lines", "lines"]);
    const [aliceHtml, bobHtml] = await Promise.all([forAlice.text(), forBob.text()]);
    expect(aliceHtml).toMatch(/frame:<p>own:Алиса [^<]*<\/p>/);
    expect(aliceHtml).not.toContain("Борис");
    expect(bobHtml).toMatch(/frame:<p>own:Борис [^<]*<\/p>/);
    expect(bobHtml).not.toContain("Алиса");
    expect(bobHtml).not.toContain("data-personal-part");
    for (const [res, html] of [
      [forAlice, aliceHtml],
      [forBob, bobHtml],
    ] as const) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
      // The frame's script under this answer's own nonce, the policy's.
      expect(html).toContain(`<script nonce="${nonceIn(res)}">frame()</script>`);
      // The part's data for the browser: JSON that nothing in it can end early.
      const block = new RegExp(
        `<script type="application/json" id="${PERSONAL_PART_STATE_ID}">(.*?)</script>`,
      );
      const json = block.exec(html)?.[1] ?? "";
      expect(JSON.parse(json)).toMatchObject({
        state: { note: "</script><script>alert(1)</script>" },
        values: { title: "Корзина <3" },
      });
      expect(html).toContain(`</script>:end<script nonce="${nonceIn(res)}">after()</script></body>`);
    }
    expect(nonceIn(forAlice)).not.toBe(nonceIn(forBob));
  });

  it("answers gzip from the frame's pieces kept once and the part deflated alone", async () => {
    const { database } = await getTestContext();
    const shopper = await createSession(database.db, { user: { name: "Вера" } });
    const cookie = `${shopper.cookie}; city_id=2`;
    const plain = await page(cookie);
    const plainHtml = await plain.text();
    for (let answer = 0; answer < 2; answer++) {
      const zipped = await web.app.request("http://shop.test/basket-frame", {
        headers: { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br" },
      });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.headers.get("cache-control")).toBe("private, no-store");
      expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      const nonce = nonceIn(zipped)!;
      // The frame's pieces joined by the nonce as stored bytes, not the whole page deflated again.
      expect(Buffer.from(bytes).includes(nonce)).toBe(true);
      // As a browser reads it: the plain answer's page, under this answer's nonce on both sides of the part.
      const html = await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")),
      ).text();
      expect(html).toBe(plainHtml.replaceAll(nonceIn(plain)!, nonce));
      expect(html.split(`nonce="${nonce}"`)).toHaveLength(3);
      expect(html).toMatch(/frame:<p>own:Вера [^<]*<\/p>/);
    }
  });

  it("renders the page whole for the request when the part has nothing to show, and for a data request", async () => {
    partFrames = [];
    partRenders = [];
    // A session cookie that signs no one in: the part's read is refused, the page renders whole.
    const stale = await page("sid=no-such-session; city_id=2");
    expect(await stale.text()).toContain("whole:401");
    expect(stale.headers.get("x-cache")).toBeNull();
    expect(partRenders).toEqual(["lines"]);
    // A client navigation's data request is the page's own reads, rendered for this shopper.
    const shopper = await newShopper();
    const data = await page(`${shopper.cookie}; city_id=2`, "/basket-frame.data");
    expect(await data.text()).toContain("whole:200");
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    expect(partRenders).toEqual(["lines"]);
    // A frame that could not be kept is not sent bare: the page is rendered whole for this shopper.
    frameUnkeepable = true;
    try {
      const unkept = await page(`${shopper.cookie}; city_id=3`);
      const text = await unkept.text();
      expect(text).toContain("whole:200");
      expect(text).not.toContain("data-personal-part");
    } finally {
      frameUnkeepable = false;
    }
    // A HEAD is never kept (page-cache.ts): rendered for itself, headers alone, no part.
    const head = await web.app.request("http://shop.test/basket-frame", {
      method: "HEAD",
      headers: { Cookie: `${shopper.cookie}; city_id=2` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("private, no-store");
    expect(await head.text()).toBe("");
    expect(partRenders).toEqual(["lines"]);
    // The frame kept by the first test; the stale session's page, the data request, the unkept frame
    // (then the page for itself) and the HEAD rendered for themselves.
    expect(partFrames.map((f) => f.forEveryone)).toEqual([false, false, true, false, false]);
  });
});

describe("a part page whose address names an order keeps one frame for every order (ADR 076)", () => {
  let web: Awaited<ReturnType<typeof webApp>>;
  beforeAll(async () => {
    web = await webApp();
  });
  afterAll(() => web.close());
  const page = (cookie: string, path: string) =>
    web.app.request(`http://shop.test${path}`, { headers: { Cookie: cookie } });

  it("renders the frame once under its own path and each order's part for its shopper", async () => {
    payFrames = [];
    partRenders = [];
    const { database } = await getTestContext();
    const [alice, bob] = await Promise.all([
      createSession(database.db, { user: { name: "Алиса" } }),
      createSession(database.db, { user: { name: "Борис" } }),
    ]);
    const forAlice = await page(`${alice.cookie}; city_id=2`, "/pay/1");
    const forBob = await page(`${bob.cookie}; city_id=2`, "/pay/2?utm_source=mail");
    const again = await page(`${alice.cookie}; city_id=2`, "/pay/3");
    expect([forAlice, forBob, again].map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT", "HIT"]);
    // Rendered once, under the frame's path, for everyone: no order's address is in it.
    expect(payFrames).toEqual([{ path: "/pay/frame", forEveryone: true }]);
    expect(partRenders).toEqual(["order", "order", "order"]);
    expect(await forAlice.text()).toMatch(/frame:<p>order:\/pay\/1:Алиса [^<]*<\/p>/);
    const bobHtml = await forBob.text();
    expect(bobHtml).toMatch(/frame:<p>order:\/pay\/2:Борис [^<]*<\/p>/);
    expect(bobHtml).not.toContain("Алиса");
    expect(await again.text()).toMatch(/frame:<p>order:\/pay\/3:Алиса [^<]*<\/p>/);
    // Another city's frame is its own, kept under the same path.
    expect((await page(`${bob.cookie}; city_id=3`, "/pay/2")).headers.get("x-cache")).toBe("MISS");
    expect(payFrames.map((f) => f.path)).toEqual(["/pay/frame", "/pay/frame"]);
    // A client navigation's data request is the page at its own address, rendered for this shopper.
    const data = await page(`${alice.cookie}; city_id=2`, "/pay/1.data");
    expect(await data.text()).toContain("whole:/pay/1");
    expect(payFrames.at(-1)).toEqual({ path: "/pay/1", forEveryone: false });
  });
});

describe("cookies the API sets while a page renders reach the browser", () => {
  it("in-process: a personal page carries the visitor cookie its render was issued", async () => {
    const web = await webApp();
    try {
      const res = await web.app.request("http://shop.test/account");
      expect(await res.text()).toContain("recorded:204");
      expect(visitorCookie(res)).toMatch(/^vid=[\w-]{22}$/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    } finally {
      await web.close();
    }
  });

  describe("over HTTP to a separate API tier (API_ORIGIN)", () => {
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      const { app: api } = await getTestContext();
      // Not `serve()`: it would swap the global Response for node-server's own in this shared worker.
      server = createServer(getRequestListener(api.fetch, { overrideGlobalObjects: false }));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("carries the API tier's Set-Cookie to the browser and keeps personal reads out of the cache", async () => {
      const web = await webApp({ API_ORIGIN: origin });
      try {
        const res = await web.app.request("http://shop.test/account");
        expect(await res.text()).toContain("recorded:204");
        const alice = visitorCookie(res);
        expect(alice).toMatch(/^vid=[\w-]{22}$/);

        renders = [];
        const forAlice = await web.app.request("http://shop.test/viewed-strip", {
          headers: { Cookie: alice ?? "" },
        });
        expect(await forAlice.text()).toContain(`viewed:${productId}`);
        const forBob = await web.app.request("http://shop.test/viewed-strip");
        expect(await forBob.text()).not.toContain(String(productId));
        expect(forBob.headers.get("x-cache")).toBeNull();
        expect(renders.length).toBe(4);
      } finally {
        await web.close();
      }
    });
  });
});

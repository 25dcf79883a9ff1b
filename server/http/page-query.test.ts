import { describe, expect, it } from "vitest";
import { pageUrl, withDroppedQuery } from "./page-query.ts";

const listing = (name: string) => name === "sort" || name === "page" || name.startsWith("p.");

describe("the URL a cached page is keyed and rendered by", () => {
  it("keeps the parameters the page reads, in a canonical order and encoding, and drops the rest", () => {
    const { url, dropped } = pageUrl(
      "http://shop.test/catalog/5/phones?x=42&page=2&p.memory=128+%D0%93%D0%91&sort=new&p.color=red&p.color=blue",
      listing,
    );
    expect(url.pathname).toBe("/catalog/5/phones");
    expect([...url.searchParams]).toEqual([
      ["p.color", "red"],
      ["p.color", "blue"],
      ["p.memory", "128 ГБ"],
      ["page", "2"],
      ["sort", "new"],
    ]);
    expect([...dropped]).toEqual([["x", "42"]]);
    // Reordered or re-encoded, it is the same page.
    expect(
      pageUrl("http://shop.test/catalog/5/phones?sort=new&page=2&p.memory=128%20ГБ", listing).url.search,
    ).toBe(pageUrl("http://shop.test/catalog/5/phones?page=2&p.memory=128+ГБ&sort=new", listing).url.search);
  });

  it("spells the page number one way, and keeps a spelling the pages read differently out of the cache", () => {
    const at = (query: string) => pageUrl(`http://shop.test/search/a?${query}`, listing);
    expect(at("page=01").url.search).toBe("?page=1");
    expect(at("page=002&page=7").url.search).toBe("?page=2");
    for (const pageOne of ["page=junk", "page=", "page=0", "page=%20"]) {
      expect(at(pageOne).url.search, pageOne).toBe("");
      expect(at(pageOne).canonical, pageOne).toBe(true);
    }
    for (const ambiguous of ["page=2abc", "page=1e3", "page=0x10", "page=Infinity", "page=2.5"]) {
      expect(at(ambiguous).canonical, ambiguous).toBe(false);
    }
    expect(at("page=3&sort=new").canonical).toBe(true);
  });

  it("always drops analytics' parameters, even where a page would read them", () => {
    const everything = () => true;
    const { url, dropped } = pageUrl(
      "http://shop.test/?utm_source=ya&utm_campaign=spring&yclid=1&gclid=2&fbclid=3&_openstat=4&ysclid=5&q=a",
      everything,
    );
    expect(url.search).toBe("?q=a");
    expect([...dropped.keys()]).toEqual([
      "utm_source",
      "utm_campaign",
      "yclid",
      "gclid",
      "fbclid",
      "_openstat",
      "ysclid",
    ]);
  });

  it("keeps React Router's own parameters on its data and manifest requests", () => {
    const none = () => false;
    expect(pageUrl("http://shop.test/product/5.data?_routes=root,product&x=1", none).url.search).toBe(
      "?_routes=root%2Cproduct",
    );
    expect(pageUrl("http://shop.test/product/5?_routes=root", none).url.search).toBe("");
    expect(pageUrl("http://shop.test/__manifest?paths=%2Fa&version=abc&x=1", none).url.search).toBe(
      "?paths=%2Fa&version=abc",
    );
  });

  it("leaves a URL without a query alone", () => {
    const { url, dropped } = pageUrl("http://shop.test/product/5", listing);
    expect(url.href).toBe("http://shop.test/product/5");
    expect(dropped.size).toBe(0);
  });
});

describe("a redirect answered for the reduced URL", () => {
  const redirect = (location: string, status = 301) =>
    new Response(null, { status, headers: { Location: location } });

  it("carries the dropped parameters on to a path of this site", () => {
    const dropped = new URLSearchParams("utm_source=ya&x=1");
    const res = withDroppedQuery(redirect("/catalog/5/phones?sort=new"), dropped);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/catalog/5/phones?sort=new&utm_source=ya&x=1");
    // Response.redirect's headers are immutable: a copy is answered.
    const immutable = withDroppedQuery(Response.redirect("http://shop.test/a", 302), dropped);
    expect(immutable.headers.get("location")).toBe("http://shop.test/a");
  });

  it("leaves other answers, other sites and empty drops alone", () => {
    const dropped = new URLSearchParams("utm_source=ya");
    expect(withDroppedQuery(redirect("https://bank.example/login"), dropped).headers.get("location")).toBe(
      "https://bank.example/login",
    );
    expect(withDroppedQuery(redirect("//evil.example/"), dropped).headers.get("location")).toBe(
      "//evil.example/",
    );
    expect(withDroppedQuery(redirect("/a"), new URLSearchParams()).headers.get("location")).toBe("/a");
    const page = new Response("<p>ok</p>");
    expect(withDroppedQuery(page, dropped)).toBe(page);
  });
});

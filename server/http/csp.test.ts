import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import {
  type CspSettings,
  createNonce,
  cspSettings,
  nonceOfHeaders,
  pagePolicy,
  type RenderedPage,
  securePage,
  withFreshNonce,
} from "./csp.ts";
import { parseCspReports } from "./csp-report.ts";
import { etagOf } from "./http-cache.ts";

const base: CspSettings = {
  reportOnly: false,
  development: false,
  reportPath: "/csp-report",
  scriptSrc: [],
  connectSrc: [],
  imgSrc: [],
  frameSrc: [],
  formAction: [],
};

/** The policy as directive → sources. */
function directives(value: string): Map<string, string[]> {
  return new Map(
    value.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

describe("pagePolicy", () => {
  it("lets scripts and style elements run only with this response's nonce", () => {
    const { name, value } = pagePolicy(base, "abc123");
    expect(name).toBe("Content-Security-Policy");
    const d = directives(value);
    expect(d.get("script-src")).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'"]);
    expect(d.get("script-src")).not.toContain("'unsafe-inline'");
    expect(d.get("script-src")).not.toContain("'unsafe-eval'");
    expect(d.get("style-src-elem")).toEqual(["'self'", "'nonce-abc123'"]);
    // React's style={{…}} props are attributes in the server HTML.
    expect(d.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect(d.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(d.get("report-uri")).toEqual(["/csp-report"]);
    expect(d.get("report-to")).toEqual(["csp"]);
  });

  it("adds configured hosts and Metrika's when a counter id is set", () => {
    const config = loadConfig({
      YM_ID: "123",
      CSP_CONNECT_SRC: "https://api-maps.yandex.ru, https://core-renderer-tiles.maps.yandex.net",
      CSP_FORM_ACTION: "https://pay.example-acquirer.ru",
      CSP_IMG_SRC: "https://*.maps.yandex.net",
    });
    const d = directives(pagePolicy(cspSettings(config), "n").value);
    expect(d.get("connect-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://api-maps.yandex.ru",
        "https://mc.yandex.ru",
        "wss://mc.yandex.ru",
      ]),
    );
    expect(d.get("form-action")).toEqual(["'self'", "https://pay.example-acquirer.ru"]);
    expect(d.get("img-src")).toEqual(
      expect.arrayContaining(["https://*.maps.yandex.net", "https://mc.yandex.ru"]),
    );
    expect(d.get("script-src")).toEqual(expect.arrayContaining(["https://mc.yandex.ru"]));
    const without = directives(pagePolicy(cspSettings(loadConfig({})), "n").value);
    expect(without.get("connect-src")).toEqual(["'self'"]);
  });

  it("allows the Yandex Maps hosts only with a key, and a tile server's origin only with MAP_TILES_URL", () => {
    const plain = directives(pagePolicy(cspSettings(loadConfig({})), "n").value);
    expect(plain.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    const yandex = directives(
      pagePolicy(cspSettings(loadConfig({ YANDEX_MAPS_API_KEY: "abc-123" })), "n").value,
    );
    expect(yandex.get("script-src")).toEqual(expect.arrayContaining(["https://api-maps.yandex.ru"]));
    expect(yandex.get("connect-src")).toEqual([
      "'self'",
      "https://api-maps.yandex.ru",
      "https://*.maps.yandex.net",
    ]);
    expect(yandex.get("img-src")).toEqual(expect.arrayContaining(["https://*.maps.yandex.net"]));
    const tiles = directives(
      pagePolicy(cspSettings(loadConfig({ MAP_TILES_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png" })), "n")
        .value,
    );
    expect(tiles.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://*.tiles.example"]);
    expect(tiles.get("script-src")).toEqual(["'nonce-n'", "'strict-dynamic'", "'self'"]);
    expect(() => loadConfig({ MAP_TILES_URL: "https://tiles.example/tile.png" })).toThrow(/MAP_TILES_URL/);
    expect(() => loadConfig({ YANDEX_MAPS_API_KEY: "a'b" })).toThrow(/YANDEX_MAPS_API_KEY/);
  });

  it("refuses keywords and junk in the configured sources", () => {
    expect(() => loadConfig({ CSP_SCRIPT_SRC: "'unsafe-inline'" })).toThrow(/CSP_SCRIPT_SRC/);
    expect(() => loadConfig({ CSP_CONNECT_SRC: "https://a.ru; script-src *" })).toThrow(/CSP_CONNECT_SRC/);
    expect(loadConfig({ CSP_FRAME_SRC: "blob: https://pay.example.ru:8443/widget" }).csp.frameSrc).toEqual([
      "blob:",
      "https://pay.example.ru:8443/widget",
    ]);
  });

  it("reports only, when asked, and lets Vite's HMR socket through in development", () => {
    const config = loadConfig({ CSP_REPORT_ONLY: "1", NODE_ENV: "development" });
    const { name, value } = pagePolicy(cspSettings(config), "n");
    expect(name).toBe("Content-Security-Policy-Report-Only");
    expect(directives(value).get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    // Development keeps the nonce rule for scripts: a missing nonce shows up while developing.
    expect(directives(value).get("script-src")).toEqual(["'nonce-n'", "'strict-dynamic'", "'self'"]);
  });
});

describe("createNonce", () => {
  it("is 128 random bits in a form CSP accepts", () => {
    const seen = new Set(Array.from({ length: 1000 }, createNonce));
    expect(seen.size).toBe(1000);
    for (const nonce of seen) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe("securePage", () => {
  it("puts the policy on HTML pages only", () => {
    const html = securePage(
      new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
      base,
      "n1",
    );
    expect(html.headers.get("content-security-policy")).toContain("'nonce-n1'");
    expect(html.headers.get("reporting-endpoints")).toBe('csp="/csp-report"');
    const data = securePage(new Response("[]", { headers: { "Content-Type": "text/x-script" } }), base, "n1");
    expect(data.headers.has("content-security-policy")).toBe(false);
  });
});

/** A page as the render leaves it and the cache keeps it. */
function rendered(nonce: string, text: string): RenderedPage {
  const response = securePage(new Response(text, { headers: { "Content-Type": "text/html" } }), base, nonce);
  const body = new TextEncoder().encode(text);
  return { headers: [...response.headers], body, etag: etagOf(body) };
}

const html = (nonce: string) =>
  `<html><head><meta property="csp-nonce" nonce="${nonce}"/><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/></head>` +
  `<body><p>nonce=&quot;&quot; and a review that says __NONCE__</p><script nonce="${nonce}">window.x=1</script>` +
  `<script type="module" nonce="${nonce}">import "/assets/a.js"</script></body></html>`;

const scriptNonces = (text: string) =>
  [...text.matchAll(/<(?:script|link|meta)\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]);

describe("withFreshNonce", () => {
  it("serves one kept page under a different valid nonce per response, with one ETag", () => {
    const kept = rendered("RENDERNONCE0000000000a", html("RENDERNONCE0000000000a"));
    const [n1, n2] = [createNonce(), createNonce()];
    const first = withFreshNonce(kept, n1);
    const second = withFreshNonce(kept, n2);
    for (const [page, nonce] of [
      [first, n1],
      [second, n2],
    ] as const) {
      const text = new TextDecoder().decode(page.body);
      expect(scriptNonces(text)).toEqual([nonce, nonce, nonce, nonce]);
      expect(text).not.toContain("RENDERNONCE");
      expect(nonceOfHeaders(page.headers)).toBe(nonce);
      // The rest of the page is byte for byte what was rendered.
      expect(text).toBe(html(nonce));
    }
    expect(first.etag).toBe(second.etag);
    // The ETag does not depend on the nonce the page happened to be rendered with either.
    expect(withFreshNonce(rendered("OTHERRENDERNONCE00000b", html("OTHERRENDERNONCE00000b")), n1).etag).toBe(
      first.etag,
    );
    // The kept snapshot itself is untouched.
    expect(new TextDecoder().decode(kept.body)).toBe(html("RENDERNONCE0000000000a"));
  });

  it("leaves pages without a policy (data responses) as they are", () => {
    const body = new TextEncoder().encode('[{"_1":2}]');
    const page: RenderedPage = { headers: [["content-type", "text/x-script"]], body, etag: etagOf(body) };
    expect(withFreshNonce(page, createNonce())).toBe(page);
  });

  it("gives nothing a shopper wrote a nonce: only the render's own random nonce is replaced", () => {
    const nonce = "Zr3cKq0pW9mVx1TtY6uHbA";
    // Markup an attacker managed to store and that reached the page unescaped, written with guesses.
    const injected = `<script nonce="__CSP_NONCE__">steal()</script><script nonce="">steal()</script>`;
    const page = rendered(nonce, html(nonce).replace("</body>", `${injected}</body>`));
    const text = new TextDecoder().decode(withFreshNonce(page, "fresh").body);
    expect(text).toContain(injected);
    expect(text.match(/nonce="fresh"/g)).toHaveLength(4);
  });
});

describe("parseCspReports", () => {
  it("reads both the report-uri and the Reporting API formats", () => {
    expect(
      parseCspReports({
        "csp-report": {
          "document-uri": "http://shop/product/1",
          "effective-directive": "script-src-elem",
          "blocked-uri": "inline",
          "line-number": 3,
          "original-policy": "script-src 'nonce-secret'",
        },
      }),
    ).toEqual([
      {
        documentUrl: "http://shop/product/1",
        directive: "script-src-elem",
        blockedUrl: "inline",
        sourceFile: undefined,
        line: 3,
        disposition: undefined,
        sample: undefined,
      },
    ]);
    const [one] = parseCspReports([
      {
        type: "csp-violation",
        body: { documentURL: "http://shop/", effectiveDirective: "img-src", blockedURL: "https://x/y.png" },
      },
      { type: "deprecation", body: {} },
    ]);
    expect(one).toMatchObject({
      documentUrl: "http://shop/",
      directive: "img-src",
      blockedUrl: "https://x/y.png",
    });
    expect(parseCspReports("nonsense")).toEqual([]);
  });
});

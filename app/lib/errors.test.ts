import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { isCrawler } from "./crawler-pattern.ts";
import { errorStatus, humanizeDuration, showsErrorScreen, toScreenError } from "./errors.ts";

function routeError(status: number, body: unknown = null) {
  // What a loader's `throw data(body, { status })` turns into on the error boundary.
  const thrown = data(body, { status });
  return { status: thrown.init?.status, statusText: "", internal: false, data: body } as unknown;
}

describe("errorStatus", () => {
  it.each([
    [{ status: 401 }, 401],
    [{ statusCode: 503 }, 503],
    [new ApiError({ status: 404 }), 404],
    [{ status: "404" }, 500],
    [{}, 500],
    [null, 500],
    [new Error("boom"), 500],
    [{ status: 200 }, 500],
  ])("%j → %i", (error, status) => {
    expect(errorStatus(error)).toBe(status);
  });

  it("reads route error responses", () => {
    expect(errorStatus(routeError(404))).toBe(404);
  });
});

describe("toScreenError", () => {
  it("turns a rendering error into the fatal 500 / 'error' / 'Internal error'", () => {
    expect(toScreenError(new TypeError("x is undefined"))).toEqual({
      status: 500,
      statusMessage: "error",
      message: "Internal error",
      fatal: true,
    });
  });

  it("keeps a route validation failure's message", () => {
    expect(toScreenError(routeError(404, { message: "Page Not Found: /product/abc" })).message).toBe(
      "Page Not Found: /product/abc",
    );
  });
});

describe("isCrawler (isbot's list)", () => {
  it.each([
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
    ["Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", true],
    ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true],
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true],
    ["Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse", true],
    ["Mozilla/5.0 (compatible; Google-InspectionTool/1.0)", true],
    ["TelegramBot (like TwitterBot)", true],
    ["curl/8.5.0", true],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      false,
    ],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", false],
    // The browser our journeys drive as a shopper: isbot counts it, we do not (errors.ts).
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0 Safari/537.36",
      false,
    ],
    ["", false],
  ])("%s → %s", (ua, expected) => {
    expect(isCrawler(ua)).toBe(expected);
  });
});

describe("showsErrorScreen", () => {
  it("shows a shopper every error screen", () => {
    for (const status of [401, 404, 405, 500, 502, 503]) expect(showsErrorScreen(status, false)).toBe(true);
  });

  it("shows a crawler no screen for our own failure, but the answers about the address", () => {
    for (const status of [500, 502, 504]) expect(showsErrorScreen(status, true), String(status)).toBe(false);
    for (const status of [401, 404, 405, 503])
      expect(showsErrorScreen(status, true), String(status)).toBe(true);
  });
});

describe("humanizeDuration", () => {
  it.each([
    [3600, "час"],
    [20, "несколько секунд"],
    [60, "минута"],
    [300, "5 минут"],
    [7200, "2 часа"],
    [18000, "5 часов"],
    [86400, "день"],
    [3 * 86400, "3 дня"],
  ])("%i s → %s", (seconds, text) => {
    expect(humanizeDuration(seconds)).toBe(text);
  });
});

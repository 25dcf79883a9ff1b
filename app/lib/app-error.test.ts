import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { clearAppError, getAppError, reportNonFatalError } from "./app-error.ts";

const human =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const bot = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";

describe("non-fatal client errors", () => {
  afterEach(() => {
    clearAppError();
    vi.restoreAllMocks();
  });

  it("show shoppers the error screen with the error's status", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await reportNonFatalError(new ApiError({ status: 503, message: "down" }), human);
    expect(getAppError()).toEqual({ status: 503, message: "down" });
  });

  it("are only logged for crawlers", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await reportNonFatalError(new ApiError({ status: 500 }), bot);
    expect(getAppError()).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });
});

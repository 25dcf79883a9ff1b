import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToastStore } from "./toast-store.ts";
import { Toaster } from "./toaster.tsx";

describe("Toaster on the server", () => {
  it("renders both live regions, empty, before any toast exists", () => {
    const store = new ToastStore();
    // The server never shows toasts, even if one was queued while rendering.
    store.show({ title: "Не для сервера" });
    const html = renderToString(<Toaster store={store} />);
    expect(html).toMatch(/<div class="ui-toaster__region" role="alert" aria-live="assertive"><\/div>/);
    expect(html).toMatch(/<div class="ui-toaster__region" role="status" aria-live="polite"><\/div>/);
    expect(html).toContain("data-ui-keep-live");
    expect(html).not.toContain("Не для сервера");
    store.clear();
  });
});

import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CrawlerContext } from "#app/lib/crawler.ts";
import { type ScreenError, toScreenError } from "#app/lib/errors.ts";
import { meta } from "../root.tsx";
import { errorTitle, FatalErrorScreen } from "./error-screen.tsx";

/** What the root error boundary puts in <main> for `screen`, rendered on the server for this visitor. */
function render(screen: ScreenError, crawler: boolean): string {
  const router = createMemoryRouter([
    { path: "/", element: <FatalErrorScreen screen={screen} authUrl="/api/v1/auth/bank" /> },
  ]);
  return renderToString(
    <CrawlerContext.Provider value={crawler}>
      <RouterProvider router={router} />
    </CrawlerContext.Provider>,
  );
}

const renderingError = toScreenError(new TypeError("Cannot read properties of undefined"));
const notFound: ScreenError = {
  status: 404,
  statusMessage: "Not Found",
  message: "Page not found",
  fatal: true,
};

describe("FatalErrorScreen", () => {
  it("shows a shopper the generic screen for a rendering error, in Russian, the message kept for programs", () => {
    const html = render(renderingError, false);
    expect(html).toContain('data-status="500"');
    expect(html).toContain("Кое-что сломалось");
    expect(html).toContain("На нашей стороне, но мы уже чиним");
    expect(html).toContain('data-message="Internal error"');
    expect(html).not.toMatch(/>Internal error</);
  });

  it("shows a crawler nothing for a rendering error (the error is logged, the status stays 500)", () => {
    expect(render(renderingError, true)).toBe("");
  });

  it("shows everyone the not-found screen, with no English on it", () => {
    for (const crawler of [false, true]) {
      const html = render(notFound, crawler);
      expect(html).toContain("Страница не найдена");
      expect(html).toContain('data-message="Page not found"');
      expect(html.replace(/<[^>]+>/g, " ")).not.toContain("Page not found");
    }
  });
});

describe("the error screens' tab titles", () => {
  const title = (error: unknown) =>
    (meta({ error } as Parameters<typeof meta>[0]) as { title?: string }[]).find((m) => m.title)?.title;

  it("name the screen: a 404 is «Страница не найдена», a 503 the service outage", () => {
    // What a loader's `throw data(body, { status })` is on the error boundary.
    const routeError = (status: number) => ({ status, statusText: "", internal: false, data: null });
    expect(errorTitle(404)).toBe("Страница не найдена");
    expect(title(routeError(404))).toBe("Страница не найдена — Витрина");
    expect(title(routeError(503))).toBe("Сервис временно недоступен — Витрина");
    expect(title(routeError(401))).toBe("Нужно войти — Витрина");
    expect(title(new Error("boom"))).toBe("Кое-что сломалось — Витрина");
    expect(title(undefined)).toBeUndefined();
  });
});

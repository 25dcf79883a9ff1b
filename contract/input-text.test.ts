import { describe, expect, it } from "vitest";
import { findUnsafeText, findUrlProblem } from "./input-text.ts";

describe("findUrlProblem", () => {
  it("passes addresses people and our own forms make", () => {
    for (const url of [
      "http://x/search/%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD",
      "http://x/search/50%25?q=a+b&page=2",
      "http://x/catalog/1/phones?p.memory=128%20%D0%93%D0%91,256%20%D0%93%D0%91",
      "http://x/?emoji=%F0%9F%9B%92&empty=&flag",
      // A tab pasted into the search box: the form submits the input as it is.
      "http://x/search/?q=iphone%0915",
    ]) {
      expect(findUrlProblem(url), url).toBeUndefined();
    }
  });

  it("names the path or the query parameter that is malformed or decodes to a control character", () => {
    expect(findUrlProblem("http://x/search/%ZZ")).toEqual({
      field: "path",
      message: "Некорректная кодировка",
    });
    expect(findUrlProblem("http://x/a?q=%00")).toEqual({ field: "query.q", message: "Недопустимые символы" });
    expect(findUrlProblem("http://x/a?p.color=red%0D%0A")?.field).toBe("query.p.color");
    expect(findUrlProblem("http://x/a?q=%ED%A0%80")?.message).toBe("Некорректная кодировка");
    expect(findUrlProblem("http://x/a?q=%C0%AF")?.message).toBe("Некорректная кодировка");
    expect(findUrlProblem("http://x/a?q=%C2%85")?.message).toBe("Недопустимые символы");
    expect(findUrlProblem("http://x/a?%00=1")?.field).toBe("query.\u0000");
    expect(findUrlProblem("http://x/a?ok=1&q=50%")?.field).toBe("query.q");
  });
});

describe("findUnsafeText", () => {
  it("finds NUL, other controls and lone surrogates anywhere in a parsed body, by path", () => {
    expect(findUnsafeText({ a: "ok", b: ["x", "y\u0000"] }, "body")).toBe("body.b.1");
    expect(findUnsafeText({ a: "\u001b[31m" }, "body")).toBe("body.a");
    expect(findUnsafeText({ a: "\ud800" }, "body")).toBe("body.a");
    expect(findUnsafeText({ "k\u0000": 1 }, "body")).toBe("body");
  });

  it("lets text be text: line breaks, tabs, whole surrogate pairs, numbers", () => {
    expect(
      findUnsafeText({ message: "Добрый день,\r\n\tзаказ 🛒", n: 1, ok: true, none: null }, "body"),
    ).toBe(undefined);
  });
});

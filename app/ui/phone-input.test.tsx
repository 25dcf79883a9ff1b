import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PhoneInput } from "./phone-input.tsx";

describe("PhoneInput on the server", () => {
  it("is a phone field with the mask as placeholder, and an empty hidden E.164 field until the mask runs", () => {
    const html = renderToString(<PhoneInput id="phone" name="phone" aria-describedby="phone-hint" />);
    expect(html).toContain('type="tel"');
    expect(html).toContain('inputMode="tel"');
    expect(html).toContain('autoComplete="tel"');
    expect(html).toContain('placeholder="+7 (___) ___-__-__"');
    expect(html).toContain('aria-describedby="phone-hint"');
    expect(html).toMatch(/<input type="hidden" name="phone" value=""\/>/);
    // The visible field has no name: only the normalised number is submitted.
    expect(html.match(/name="phone"/g)).toHaveLength(1);
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** The rendered `<input>`s as attribute maps (React orders attributes its own way). */
function inputs(html: string): Record<string, string>[] {
  return [...html.matchAll(/<input([^>]*)\/?>/g)].map((m) =>
    Object.fromEntries([...(m[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

import { bonusMessages } from "#contract/bonus-rules.ts";
import { BonusSpend } from "./bonus-spend.tsx";

const limits = { min: 100, max: 1500 };
const render = (points: number | undefined, balance = 5000, l = limits) =>
  renderToString(<BonusSpend balance={balance} limits={l} points={points} onChange={() => undefined} />);

describe("BonusSpend", () => {
  it("shows the slider and the field in step for an allowed spend, with the range as a hint", () => {
    const html = render(700);
    // Thousands grouped with a no-break space, as every figure in the shop («5000 баллов» until issue 19).
    expect(html).toContain("На счёте 5\u00a0000 баллов");
    const [, range, field] = inputs(html);
    expect(range).toMatchObject({ type: "range", max: "1500", value: "700", "aria-valuetext": "700 баллов" });
    expect(field).toMatchObject({ inputMode: "numeric", value: "700" });
    expect(html).toContain("От 100 до 1\u00a0500 баллов");
    expect(html).not.toContain('role="alert"');
  });

  it("says over the max, with the slider at the max", () => {
    const html = render(2000);
    expect(html).toContain(bonusMessages.max(1500));
    expect(inputs(html)[1]).toMatchObject({ type: "range", value: "1500" });
    expect(inputs(html)[2]).toMatchObject({ "aria-invalid": "true", value: "2000" });
  });

  it("says under the min, with the slider at the min", () => {
    const html = render(50);
    expect(html).toContain(bonusMessages.min(100));
    expect(inputs(html)[1]).toMatchObject({ type: "range", value: "100" });
  });

  it("offers nothing to spend without points, or with fewer than the minimum", () => {
    expect(render(0, 0, { min: 100, max: 0 })).toContain("Баллов пока нет");
    const few = render(0, 60, { min: 100, max: 60 });
    expect(few).toContain("Списать можно от 100 баллов");
    expect(few).not.toContain('type="range"');
  });
});

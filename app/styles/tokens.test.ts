import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The text colours of each theme against the surfaces they are written on: WCAG AA wants 4.5:1 for text
 * under 18.66 px bold or 24 px. Read from the design tokens themselves (base.css), so a token changed by
 * hand is measured, not a copy of it. Lighthouse found the discount line of the basket's summary at 4.1:1.
 */
const css = readFileSync(new URL("./base.css", import.meta.url), "utf8");

function tokensOf(theme: "alfa" | "halva"): Record<string, string> {
  const block = new RegExp(`\\.theme-${theme}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.039_28 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A text token and the backgrounds it is written on. */
const PAIRS: [string, string[]][] = [
  ["--color-text", ["--color-surface", "--color-bg"]],
  ["--color-text-muted", ["--color-surface", "--color-bg"]],
  ["--color-discount", ["--color-surface", "--color-bg"]],
  ["--color-brand-strong", ["--color-surface", "--color-bg"]],
  ["--color-cashback-text", ["--color-cashback-bg", "--color-surface"]],
];

describe.each(["alfa", "halva"] as const)("the %s theme's text colours", (theme) => {
  const tokens = { ...tokensOf("alfa"), ...tokensOf(theme) };
  it.each(PAIRS)("%s reads at 4.5:1 or more on its backgrounds", (text, backgrounds) => {
    for (const background of backgrounds) {
      const ratio = contrast(tokens[text]!, tokens[background]!);
      expect(ratio, `${text} ${tokens[text]} on ${background} ${tokens[background]}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/paths.ts";

// ADR 049: the transition tables are the only way a status changes. The repository's guarded writers
// (`transition`, `movePayment`, `moveShipment`, `summarise`) check the table; nothing else may write one.

const serverDir = join(projectRoot, "server");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sources(path);
    return entry.name.endsWith(".ts") && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** The argument of every `.set(` call in a source text. */
function setArguments(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(".set("); at !== -1; at = text.indexOf(".set(", at + 1)) {
    let depth = 0;
    let end = at + 4;
    do {
      if (text[end] === "(") depth += 1;
      if (text[end] === ")") depth -= 1;
      end += 1;
    } while (depth > 0 && end < text.length);
    found.push(text.slice(at + 5, end - 1));
  }
  return found;
}

describe("who writes an order's, a shipment's or a payment's status", () => {
  it("only the orders repository updates those tables, and the cashback one only the cashback's date", () => {
    const writers = sources(serverDir)
      .filter((file) => /\.update\((orders|payments|orderShipments)\)/.test(readFileSync(file, "utf8")))
      .map((file) => relative(serverDir, file));
    expect(writers).toEqual(["domain/cashback/repository.ts", "domain/orders/repository.ts"]);
    // The maturation job (ADR 055) claims an order by clearing its cashback date; it never moves a status.
    const cashback = setArguments(readFileSync(join(serverDir, "domain/cashback/repository.ts"), "utf8"));
    for (const arg of cashback) expect(arg).not.toMatch(/\bstatus\b/);
  });

  it("and in it, only the four guarded writers set a status, to the `to` the table allowed", () => {
    const text = readFileSync(join(serverDir, "domain/orders/repository.ts"), "utf8");
    const statusSets = setArguments(text).filter((arg) => /\bstatus\b/.test(arg));
    expect(statusSets).toHaveLength(4);
    for (const arg of statusSets) expect(arg).toMatch(/status: to\b/);
  });
});

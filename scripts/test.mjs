// `npm test`: typecheck, lint, unit + API integration (Vitest), then browser tests (Playwright) against
// the production build. Every stage runs even if an earlier one failed, so one run shows everything;
// the last line is the total over all suites: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { ensureDeps } from "./ensure-deps.mjs";
import { root, run } from "./lib/run.mjs";

const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs just those stages
const wanted = (stage) => only.length === 0 || only.includes(stage);
const results = [];
const startedAt = Date.now();
const resultsDir = join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

async function check(name, command, args) {
  console.info(`\n▶ ${name}`);
  const code = await run(command, args);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

await ensureDeps();

if (wanted("typecheck")) await check("typecheck", "npm", ["run", "--silent", "typecheck"]);
if (wanted("lint")) await check("lint", "npm", ["run", "--silent", "lint"]);

if (wanted("unit") || wanted("api")) {
  const projects = [];
  if (wanted("unit")) projects.push("--project", "unit", "--project", "unit-isolated");
  // `api`: every API file, on PostgreSQL when TEST_DATABASE_URL is set (else PGlite); `api-pglite`: with
  // it set, the engine-specific files once more on PGlite (vitest.config.ts).
  if (wanted("api")) projects.push("--project", "api", "--project", "api-pglite");
  console.info("\n▶ vitest (unit and API integration)");
  const out = join(resultsDir, "vitest.json");
  rmSync(out, { force: true });
  const code = await run("npx", [
    "vitest",
    "run",
    ...projects,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    // A crashed file counts as a failure even when no test inside it got to run.
    const brokenFiles = (report.testResults ?? []).filter(
      (f) => f.status === "failed" && f.assertionResults.length === 0,
    ).length;
    results.push({
      name: "vitest",
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles,
    });
  } else {
    results.push({ name: "vitest", passed: 0, failed: code === 0 ? 0 : 1 });
  }
}

if (wanted("e2e")) {
  console.info("\n▶ build for browser tests");
  let built = true;
  try {
    await buildIfStale();
  } catch {
    built = false;
  }
  console.info("\n▶ playwright (browser end-to-end)");
  const out = join(resultsDir, "playwright.json");
  rmSync(out, { force: true });
  const code = built
    ? await run("npx", ["playwright", "test"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } })
    : 1;
  const report = existsSync(out) ? readJson(out) : undefined;
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
    const setupFailed = (report.errors ?? []).length > 0 && expected + unexpected === 0 ? 1 : 0;
    results.push({ name: "playwright", passed: expected + flaky, failed: unexpected + setupFailed });
  } else {
    results.push({ name: "playwright", passed: 0, failed: code === 0 ? 0 : 1 });
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.info("\nSuites:");
for (const r of results)
  console.info(`  ${r.failed ? "✗" : "✓"} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.info(`\nTotal time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

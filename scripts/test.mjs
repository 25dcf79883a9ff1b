// `npm test`: typecheck, lint, unit + API integration (Vitest), then browser tests (Playwright) against
// the production build. Every stage runs even if an earlier one failed, so one run shows everything;
// the last line is the total over all suites: "N passed, N failed".
//
// Two cores are kept busy (docs/testing.md): typecheck, lint and the build run beside Vitest, each one's
// output kept in test-results/logs/ and printed whole when it ends; the browser tests run last, alone,
// since their timeouts are a shopper's and must not wait on a compiler.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureDeps } from "./ensure-deps.mjs";
import { root, run } from "./lib/run.mjs";

const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs just those stages
const wanted = (stage) => only.length === 0 || only.includes(stage);
const results = [];
const startedAt = Date.now();
const resultsDir = join(root, "test-results");
const logsDir = join(resultsDir, "logs");
mkdirSync(logsDir, { recursive: true });

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/**
 * Runs a stage with its output in test-results/logs/<name>.log, printed when it ends (stages beside each
 * other would interleave their lines). Resolves to the exit code.
 */
async function quietly(name, command, args, options = {}) {
  const log = join(logsDir, `${name}.log`);
  const out = createWriteStream(log);
  await new Promise((resolve) => out.on("open", resolve));
  const started = Date.now();
  const code = await run(command, args, { ...options, stdio: ["ignore", out, out] });
  await new Promise((resolve) => out.end(resolve));
  console.info(`\n▶ ${name} (${seconds(started)} s, exit ${code})`);
  process.stdout.write(readFileSync(log, "utf8"));
  return { code, durationS: seconds(started) };
}

/** A stage that is one check: it passed or it failed. */
async function check(name, command, args) {
  const { code, durationS } = await quietly(name, command, args);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, durationS });
}

/**
 * The Vitest stage takes 2–4 minutes here. A run once hung with a fork idle and no test timeout firing
 * (docs/testing.md): past this limit coreutils' `timeout` stops it, so a hang fails the stage in minutes
 * instead of holding CI for its whole budget. `VITEST_LIMIT_S` overrides it.
 */
const VITEST_LIMIT_S = Number(process.env.VITEST_LIMIT_S ?? 900);
const TIMEOUT_BIN = "/usr/bin/timeout";

async function vitest() {
  const projects = [];
  if (wanted("unit")) projects.push("--project", "unit", "--project", "unit-isolated");
  // `api`: every API file, on PostgreSQL when TEST_DATABASE_URL is set (else PGlite); `api-pglite`: with
  // it set, the engine-specific files once more on PGlite (vitest.config.ts).
  if (wanted("api")) projects.push("--project", "api", "--project", "api-pglite");
  const out = join(resultsDir, "vitest.json");
  rmSync(out, { force: true });
  const command = [
    "npx",
    "vitest",
    "run",
    ...projects,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ];
  const limited = existsSync(TIMEOUT_BIN)
    ? [TIMEOUT_BIN, "--kill-after=30s", String(VITEST_LIMIT_S), ...command]
    : command;
  const { code, durationS } = await quietly(
    "vitest (unit and API integration)",
    limited[0],
    limited.slice(1),
  );
  // coreutils' timeout exits 124 when it stopped the command.
  if (code === 124 && limited !== command) {
    console.error(`✗ Vitest did not finish within ${VITEST_LIMIT_S} s and was stopped: a test or fork hung`);
  }
  const report = readJson(out);
  if (report) {
    // A crashed file counts as a failure even when no test inside it got to run.
    const brokenFiles = (report.testResults ?? []).filter(
      (f) => f.status === "failed" && f.assertionResults.length === 0,
    ).length;
    let failed = report.numFailedTests + brokenFiles;
    // Unhandled errors (a worker that exited, a rejection after its test) fail the run but no test: the
    // report then says success, so Vitest's exit code is what counts them.
    if (code !== 0 && failed === 0) {
      console.error(`✗ Vitest exited with code ${code} with no test failed: see its errors above`);
      failed = 1;
    }
    results.push({ name: "vitest", passed: report.numPassedTests, failed, durationS });
  } else {
    results.push({ name: "vitest", passed: 0, failed: code === 0 ? 0 : 1, durationS });
  }
}

/**
 * Rebuilds the production build when a source is newer (a failed build fails the browser stage), then
 * makes the browser tests' template database, which Playwright's global set-up would otherwise make
 * while its workers wait. A template that fails here is made (and fails) there again, so it counts once.
 */
async function build() {
  const { code, durationS } = await quietly("build for browser tests", "node", [
    "scripts/build-if-stale.mjs",
  ]);
  if (code !== 0) results.push({ name: "build", passed: 0, failed: 1, durationS });
  else await quietly("database for browser tests", "npx", ["tsx", "tests/e2e/support/prepare-template.ts"]);
  return code === 0;
}

async function playwright(built) {
  console.info("\n▶ playwright (browser end-to-end)");
  const out = join(resultsDir, "playwright.json");
  rmSync(out, { force: true });
  const started = Date.now();
  const code = built
    ? await run("npx", ["playwright", "test"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } })
    : 1;
  const report = existsSync(out) ? readJson(out) : undefined;
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
    // An error outside the tests (global set-up, a worker's teardown) fails the run but no test.
    const outside = code !== 0 && unexpected === 0 ? 1 : 0;
    if (outside)
      console.error(`✗ Playwright exited with code ${code} with no test failed: see its errors above`);
    results.push({
      name: "playwright",
      passed: expected + flaky,
      failed: unexpected + outside,
      durationS: seconds(started),
    });
  } else {
    results.push({ name: "playwright", passed: 0, failed: code === 0 ? 0 : 1, durationS: seconds(started) });
  }
}

await ensureDeps();

// Beside Vitest: the compiler and the linter one after the other, and the build and template database for
// the browser tests.
const beside = (async () => {
  if (wanted("typecheck")) await check("typecheck", "npm", ["run", "--silent", "typecheck"]);
  if (wanted("lint")) await check("lint", "npm", ["run", "--silent", "lint"]);
})();
const built = wanted("e2e") ? build() : Promise.resolve(false);
if (wanted("unit") || wanted("api")) await vitest();
await beside;
if (wanted("e2e")) await playwright(await built);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.info("\nSuites:");
for (const r of results)
  console.info(
    `  ${r.failed ? "✗" : "✓"} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.durationS} s)`,
  );
console.info(`\nTotal time ${seconds(startedAt)} s`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

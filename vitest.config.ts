import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.info(
    "[vitest] TEST_DATABASE_URL is not set: the API suite runs on PGlite only (no PostgreSQL run).",
  );
}

/**
 * The API files whose behaviour differs by database engine. With TEST_DATABASE_URL set, the `api` project
 * runs every file on PostgreSQL and `api-pglite` runs these once more on PGlite, the embedded database
 * `npm start` and the browser tests use (PostgreSQL 18 in WebAssembly: one session in this process).
 * Files that only run on PostgreSQL (outage, blind caches, statement timeouts: PGlite never fires
 * statement_timeout) are not here: on PGlite they would only be skipped.
 */
const PGLITE_FILES = [
  // Start-up: migrations and the seed under the advisory lock, raced by two start-ups in one process.
  "server/db/startup.integration.test.ts",
  // The seed `npm start` runs into an empty embedded database, with its full-text index. Always PGlite.
  "server/db/seed/seed.integration.test.ts",
  // Jobs claimed with FOR UPDATE SKIP LOCKED, leases and the recurring schedule: on PGlite both runners
  // share the one session, on PostgreSQL they are two pools.
  "server/jobs/runner.integration.test.ts",
  // Cache invalidation by NOTIFY: PGlite delivers in-session as the trigger fires, PostgreSQL over the
  // LISTEN connection.
  "server/cache/cache.integration.test.ts",
  // Russian full-text search and pg_trgm (typos, wrong layout): PGlite's build of the dictionaries and of
  // the extension.
  "server/api/search/search.integration.test.ts",
  // pg_trgm again: street and house suggestions, and city suggestions with typos.
  "server/api/suggest/suggest.integration.test.ts",
  "server/api/address/address.integration.test.ts",
  // Commit and rollback through PGlite's transaction (queued on its one session) instead of a pool's.
  "server/db/unit-of-work.integration.test.ts",
  // A failed query's error comes from another driver (PGlite's, not node-postgres'): its values must
  // still stay out of the log.
  "server/db/query-error-log.integration.test.ts",
  // Hostile text (NUL and control characters, bad UTF-8, 10,000 characters) reaches a different engine
  // and driver: each must answer 4xx, never 5xx (ADR 027).
  "server/api/hostile-input.integration.test.ts",
  "tests/fuzz/api-fuzz.integration.test.ts",
  // Two instances releasing the same cashback at once: on PGlite their transactions queue on the one
  // session, on PostgreSQL they race on two pools (the conditional claim and the ledger's keys decide).
  "server/domain/cashback/maturation.integration.test.ts",
];
/** Files that open their own PGlite whatever the run: the PostgreSQL run would only repeat them. */
const PGLITE_ONLY = ["server/db/seed/seed.integration.test.ts"];

// API suites share one seeded database per worker: module state must survive across files (isolate: false).
const apiProject = (
  name: string,
  files: { include: string[]; exclude?: string[] },
  env: Record<string, string>,
) => ({
  test: {
    name,
    include: files.include,
    exclude: ["node_modules/**", "build/**", ...(files.exclude ?? [])],
    environment: "node",
    pool: "forks" as const,
    isolate: false,
    maxWorkers: 2,
    // The first test of a worker waits for its database to be created and seeded.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Ends a worker that has stood still for minutes outside any test timeout, saying where (the file).
    setupFiles: ["tests/fixtures/stall-watch.ts"],
    env,
  },
});

/**
 * Unit files that need a module graph of their own: `vi.mock` replaces a module only for importers that
 * load after it, so in a shared graph the real module (loaded by an earlier file) wins, and the mock
 * could leak into later files.
 */
const UNIT_ISOLATED = ["app/features/wishlist/api.test.ts"];

// Unit files share one module graph per worker thread (isolate: false): a fresh fork or graph per file
// cost more than the tests themselves (923 tests, 14 s of test time, 85 s wall on one isolated fork).
// They pass in any order in one shared graph (checked with --sequence.shuffle); a file that cannot goes
// to UNIT_ISOLATED. maxWorkers 2, as the API projects, so all share one group and keep both cores busy.
const unitProject = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
  test: {
    name,
    include: files.include,
    exclude: [
      "node_modules/**",
      "build/**",
      "**/*.integration.test.ts",
      "tests/e2e/**",
      ...(files.exclude ?? []),
    ],
    environment: "node",
    pool: "threads" as const,
    isolate,
    maxWorkers: 2,
  },
});

/**
 * Files that take a large share of the stage, in the order they start. Without a timings cache (a fresh
 * clone, as in CI) Vitest runs the projects one after another, larger files first, so the PGlite run of
 * the API fuzz (60–90 s) started when most files had finished and ran alone for its last minute (a run
 * on 8268c9a: 252 s of wall time for 380 s of test time). Started first, it runs beside everything else.
 */
const LONG_FILES = [
  "api-pglite:tests/fuzz/api-fuzz.integration.test.ts",
  "api:tests/fuzz/api-fuzz.integration.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const path = relative(file.project.config.root, file.moduleId);
      const index = LONG_FILES.indexOf(`${file.project.name}:${path}`);
      return index === -1 ? LONG_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      unitProject("unit", { include: ["**/*.test.ts", "**/*.test.tsx"], exclude: UNIT_ISOLATED }, false),
      unitProject("unit-isolated", { include: UNIT_ISOLATED }, true),
      ...(pgUrl
        ? [
            apiProject(
              "api",
              { include: ["**/*.integration.test.ts"], exclude: PGLITE_ONLY },
              { TEST_DB_DRIVER: "postgres" },
            ),
            apiProject("api-pglite", { include: PGLITE_FILES }, { TEST_DB_DRIVER: "pglite" }),
          ]
        : [apiProject("api", { include: ["**/*.integration.test.ts"] }, { TEST_DB_DRIVER: "pglite" })]),
    ],
  },
});

import { defineConfig } from "vitest/config";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.info(
    "[vitest] TEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is skipped (PGlite only).",
  );
}

// API suites share one seeded database per worker: module state must survive across files (isolate: false).
const apiProject = (name: string, env: Record<string, string>, groupOrder: number) => ({
  test: {
    name,
    include: ["**/*.integration.test.ts"],
    exclude: ["node_modules/**", "build/**"],
    environment: "node",
    pool: "forks" as const,
    isolate: false,
    maxWorkers: 2,
    // Projects with different worker settings must run in separate groups.
    sequence: { groupOrder },
    // The first test of a worker waits for its database to be created and seeded.
    testTimeout: 90_000,
    hookTimeout: 120_000,
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
// to UNIT_ISOLATED. maxWorkers 2, as the API projects.
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

export default defineConfig({
  test: {
    projects: [
      unitProject("unit", { include: ["**/*.test.ts", "**/*.test.tsx"], exclude: UNIT_ISOLATED }, false),
      unitProject("unit-isolated", { include: UNIT_ISOLATED }, true),
      apiProject("api", { TEST_DB_DRIVER: "pglite" }, 1),
      ...(pgUrl ? [apiProject("api-postgres", { TEST_DB_DRIVER: "postgres" }, 2)] : []),
    ],
  },
});

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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["node_modules/**", "build/**", "**/*.integration.test.ts", "tests/e2e/**"],
          environment: "node",
        },
      },
      apiProject("api", { TEST_DB_DRIVER: "pglite" }, 1),
      ...(pgUrl ? [apiProject("api-postgres", { TEST_DB_DRIVER: "postgres" }, 2)] : []),
    ],
  },
});

import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Services } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { prepareDatabase } from "#server/db/startup.ts";
import { projectRoot } from "#server/paths.ts";
import type { startServer as StartServer } from "#server/start.ts";
import { isAlive } from "#tests/fixtures/test-database.ts";

/**
 * The browser tests' servers (docs/testing.md). Each Playwright worker starts the production build's server
 * (build/node/start.js, the function `npm start` runs) in its own process, over a PGlite directory of its
 * own copied from one migrated and seeded template. The server and the test share the process and the
 * database, so fixtures create users, sessions, baskets and orders and read SMS codes through the project's
 * factories and services, as the API tests do, and no test route is part of the server.
 */

/** Products in the browser tests' catalogue: enough for paging, facets and a product nobody else buys. */
export const E2E_SEED_PRODUCTS = 400;

const DATABASES = join(projectRoot, "test-results", "e2e-db");
const TEMPLATE = join(DATABASES, "template");
/** What the template is made from: the schema, migrations and seed, the contract they use, the locked packages. */
const TEMPLATE_INPUTS = ["server/db", "contract", "package-lock.json"];

export type Theme = "alfa" | "halva";

export interface ShopServer {
  origin: string;
  theme: Theme;
  /** The server's own database: what the fixtures read and write. */
  db: Database;
  /** The server's own services (the production build's): sessions, SMS outbox, acquirer stand-in. */
  services: Services;
  stop(): Promise<void>;
}

/** The environment every browser test server starts with; a test's own server adds to it. */
const BASE_ENV: Record<string, string> = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  // The OS picks a free port: servers of parallel workers and tests never collide.
  PORT: "0",
  LOG_LEVEL: "warn",
  FEATURE_ALFA_ID: "1",
  // Where «Войти» on a bank page sends the browser: nowhere reachable, the tests use the stand-in bank.
  AUTH_URL: "http://127.0.0.1:9/bank-login",
  SEED_PRODUCTS: String(E2E_SEED_PRODUCTS),
  // Every test's browser comes from 127.0.0.1, and a worker runs many: one client's budget would not
  // cover them. The limits no switch turns off (SMS codes, bank sign-in starts) stay on; a test that spends
  // them is a client of its own (fixtures.ts, `ownClientAddress`), trusted from loopback.
  RATE_LIMITS: "off",
  TRUST_PROXY: "loopback",
};

/**
 * Playwright's global set-up: the template every worker copies, migrated and seeded (5–10 s for a fresh
 * PGlite here; copying the directory takes a fraction of that). It is made again only when what it is made
 * from changed; the copies of workers that did not stop cleanly go.
 */
export async function createTemplateDatabase(): Promise<void> {
  mkdirSync(DATABASES, { recursive: true });
  // Copies left by workers that died (named by their pid); a run going on beside this one keeps its own.
  for (const entry of readdirSync(DATABASES)) {
    const pid = Number(entry.split("-")[0]);
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
      rmSync(join(DATABASES, entry), { recursive: true, force: true });
    }
  }
  const key = sourceHash(TEMPLATE_INPUTS.map((path) => join(projectRoot, path)));
  const stamp = join(TEMPLATE, ".inputs");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) return;
  const making = join(DATABASES, `${process.pid}-template`);
  const database = await openDatabase({ dataDir: making });
  try {
    await prepareDatabase(database, { seedProducts: E2E_SEED_PRODUCTS });
  } finally {
    await database.close();
  }
  writeFileSync(join(making, ".inputs"), key);
  rmSync(TEMPLATE, { recursive: true, force: true });
  renameSync(making, TEMPLATE);
}

/** A hash of every file's path and content under the given paths. */
function sourceHash(paths: string[]): string {
  const hash = createHash("sha256").update(String(E2E_SEED_PRODUCTS));
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } else if (!path.endsWith(".test.ts")) hash.update(path).update(readFileSync(path));
  };
  for (const path of paths) if (existsSync(path)) visit(path);
  return hash.digest("hex");
}

let serial = 0;

/**
 * Starts the production server in this process over a database of its own: a copy of the template, or,
 * with `seedProducts`, an empty one the server seeds with that many products at start-up (as `npm start`
 * does on a first run). `env` adds to the test servers' configuration (a feature flag, maintenance, …).
 */
export async function startShopServer(
  options: { theme?: Theme; env?: Record<string, string>; seedProducts?: number } = {},
): Promise<ShopServer> {
  const theme = options.theme ?? "alfa";
  if (!existsSync(TEMPLATE)) throw new Error(`no template database at ${TEMPLATE}: run through Playwright`);
  serial += 1;
  const dir = join(DATABASES, `${process.pid}-${serial}`);
  rmSync(dir, { recursive: true, force: true });
  if (options.seedProducts === undefined) cpSync(TEMPLATE, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  const config = loadConfig({
    ...BASE_ENV,
    THEME: theme,
    ...(options.seedProducts === undefined ? {} : { SEED_PRODUCTS: String(options.seedProducts) }),
    ...options.env,
  });
  const { startServer } = (await import(
    pathToFileURL(join(projectRoot, "build", "node", "start.js")).href
  )) as { startServer: typeof StartServer };
  try {
    const running = await startServer({ config, database });
    return {
      origin: running.origin,
      theme,
      db: database.db,
      services: running.services,
      stop: async () => {
        await running.stop(5_000);
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

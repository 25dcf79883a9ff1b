import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { projectRoot } from "#server/paths.ts";

export interface SpawnedServer {
  origin: string;
  child: ChildProcess;
  /** The process's stdout, one entry a line (the server logs JSON lines). */
  output: string[];
  stop(): void;
}

/** The migrated and seeded database the global set-up makes (support/shop-server.ts), which servers copy. */
const TEMPLATE = join(projectRoot, "test-results", "e2e-db", "template");

/**
 * A copy of the browser tests' template database (migrated and seeded) for a spawned server's DATA_DIR:
 * for process-level tests whose subject is not the first start on an empty database, which would spend
 * most of the start-up migrating and seeding.
 */
export function templateDatabaseCopy(): { dir: string; remove(): void } {
  if (!existsSync(TEMPLATE)) throw new Error(`no template database at ${TEMPLATE}: run through Playwright`);
  const dir = join(mkdtempSync(join(tmpdir(), "vitrina-spawned-")), "db");
  cpSync(TEMPLATE, dir, { recursive: true });
  return { dir, remove: () => rmSync(join(dir, ".."), { recursive: true, force: true }) };
}

/** The line the server logs once it listens (server/start.ts); its `url` field is where it listens. */
const LISTENING = "Vitrina is listening";

/**
 * A server in a child process of its own (the production build's `main.js` by default), for process-level
 * behaviour only: start-up on an empty database (the default: DATA_DIR in memory), logs, a drain on SIGTERM,
 * `npm run dev` (over `templateDatabaseCopy()`). Everything else
 * starts the server in process (`startShopServer`, support/shop-server.ts). The OS picks the port (PORT=0)
 * and the origin is read from the server's "Vitrina is listening" log line, so parallel servers never
 * collide and none outlives a run on a port the next one wants.
 */
export async function spawnServer(
  env: Record<string, string>,
  /** Node arguments; the production build by default. */
  args?: string[],
): Promise<SpawnedServer>;
/** @deprecated The port is not used: the OS picks one. Call `spawnServer(env, args)`. */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
  args?: string[],
): Promise<SpawnedServer>;
export async function spawnServer(
  ...params: [Record<string, string>, string[]?] | [number, Record<string, string>, string[]?]
): Promise<SpawnedServer> {
  const [env, args = ["build/node/main.js"]] =
    typeof params[0] === "number"
      ? [params[1] as Record<string, string>, params[2]]
      : [params[0], params[1] as string[] | undefined];
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      SEED_PRODUCTS: "60",
      ...env,
      PORT: "0",
      // The origin comes from an info line: a quieter level would hide it.
      LOG_LEVEL: env.LOG_LEVEL === "debug" ? "debug" : "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // A test that times out never reaches its clean-up: the server goes with the worker process at the latest.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    output.push(...lines.filter(Boolean));
  });
  const listeningAt = (): string | undefined => {
    for (const line of output) {
      if (!line.includes(LISTENING)) continue;
      try {
        const { msg, url } = JSON.parse(line) as { msg?: string; url?: string };
        if (msg === LISTENING && url) return url;
      } catch {
        // Not a JSON line (Vite's own output under `npm run dev`): not the one.
      }
    }
    return undefined;
  };
  // A server that crashed at start-up fails at once; one that never gets healthy is killed, or it would
  // outlive the run.
  let origin: string | undefined;
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            return `exited (${child.exitCode ?? child.signalCode})`;
          }
          origin ??= listeningAt();
          if (!origin) return "not listening yet";
          return (await fetch(`${origin}/healthz`).catch(() => undefined))?.status;
        },
        { timeout: 120_000, message: `the spawned server (${args.join(" ")}) gets healthy` },
      )
      .toBe(200);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }
  return {
    origin: origin!,
    child,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

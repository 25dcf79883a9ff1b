import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface RunningServer {
  origin: string;
  /** The server process, for reading its memory from /proc. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts the production build (build/node/main.js) and waits until /readyz answers 200. */
export async function startServer(options: {
  root: string;
  port: number;
  env: Record<string, string>;
}): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  // The old generation capped as `npm start` caps it (scripts/start.mjs).
  const child: ChildProcess = spawn(
    process.execPath,
    ["--max-old-space-size=256", join(options.root, "build/node/main.js")],
    {
      cwd: options.root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(options.port),
        LOG_LEVEL: "warn",
        // Every request of a bench comes from one address: only a bench that measures the limits turns them on.
        RATE_LIMITS: "off",
        ...options.env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 15 * 60_000; // first start may seed 100,000 products
  while (Date.now() < deadline) {
    if (exited) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return {
    origin,
    pid: child.pid,
    stop: async () => {
      if (exited) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await done;
    },
  };
}

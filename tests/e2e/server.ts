import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "@playwright/test";

export interface SpawnedServer {
  origin: string;
  child: ChildProcess;
  output: string[];
  stop(): void;
}

/**
 * A second production server with its own environment (theme, maintenance, a fresh in-memory database),
 * for behaviour that depends on start-up configuration.
 */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
  /** Node arguments; the production build by default. */
  args: string[] = ["build/node/main.js"],
): Promise<SpawnedServer> {
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      SEED_PRODUCTS: "60",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  const origin = `http://127.0.0.1:${port}`;
  // A server that crashed at start-up fails at once; one that never gets healthy is killed, or it would
  // outlive the run and answer on its port for the next one.
  try {
    await expect
      .poll(
        async () =>
          child.exitCode !== null || child.signalCode !== null
            ? `exited (${child.exitCode ?? child.signalCode})`
            : (await fetch(`${origin}/healthz`).catch(() => undefined))?.status,
        { timeout: 60_000 },
      )
      .toBe(200);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }
  return {
    origin,
    child,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface RunningChrome {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  kill(): Promise<void>;
}

/** The system Chromium: CHROME_PATH or Debian's. The bench never downloads a browser. */
export function chromePath(): string {
  for (const candidate of [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error("no Chromium found: set CHROME_PATH (or apt-get install chromium)");
}

/**
 * Starts headless Chromium with a throw-away profile and a DevTools port chosen by Chromium itself
 * (read back from DevToolsActivePort, so two benches never race for a port). The machine has no
 * network: every host but the loopback resolves to nothing, so a page that tries to reach out shows up
 * as a failed request in Lighthouse instead of hanging on a timeout.
 */
export async function launchChrome(): Promise<RunningChrome> {
  const profile = mkdtempSync(join(tmpdir(), "vitrina-lighthouse-"));
  const child: ChildProcess = spawn(
    chromePath(),
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-default-apps",
      "--disable-extensions",
      "--disable-quic",
      "--no-first-run",
      "--no-default-browser-check",
      "--mute-audio",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });

  const portFile = join(profile, "DevToolsActivePort");
  const deadline = Date.now() + 30_000;
  let port = 0;
  while (!port) {
    if (exited) throw new Error(`Chromium exited during start-up:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Chromium did not open its DevTools port in 30 s:\n${stderr}`);
    }
    if (existsSync(portFile)) port = Number(readFileSync(portFile, "utf8").split("\n")[0]) || 0;
    if (!port) await sleep(100);
  }

  return {
    port,
    kill: async () => {
      if (!exited) {
        const done = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([done, sleep(5_000).then(() => child.kill("SIGKILL"))]);
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

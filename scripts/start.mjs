// `npm start`: install if needed, build if stale, then run the production server. The server itself
// migrates the database and seeds it when empty.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { ensureDeps } from "./ensure-deps.mjs";
import { root } from "./lib/run.mjs";

await ensureDeps();
await buildIfStale();

// V8 lets an idle-looking heap grow towards a quarter of the machine's memory before it collects in
// earnest: an instance that rendered a sale's thousand pages held 450 MB, 280 MB with the old generation
// capped (issue 23). The caches have their own byte budgets within it. NODE_OPTIONS may set another cap.
const heapCap = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? "")
  ? []
  : ["--max-old-space-size=256"];
const child = spawn(
  process.execPath,
  [...heapCap, "--enable-source-maps", join(root, "build", "node", "main.js")],
  {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "production", ...process.env },
  },
);
// Let the server drain on Ctrl-C or a container stop; it exits on its own within the shutdown timeout.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start`: install if needed, build if stale, then run the production server. The server itself
// migrates the database and seeds it when empty.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { ensureDeps } from "./ensure-deps.mjs";
import { root } from "./lib/run.mjs";

await ensureDeps();
await buildIfStale();

const child = spawn(process.execPath, ["--enable-source-maps", join(root, "build", "node", "main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// Let the server drain on Ctrl-C or a container stop; it exits on its own within the shutdown timeout.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Rebuilds when any source the build depends on is newer than the last successful build.
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mustRun, newestMtime, root } from "./lib/run.mjs";

const INPUTS = [
  "app",
  "server",
  "contract",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "vite.server.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const STAMP = join(root, "build", ".stamp");

export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(join(root, "build", "node", "main.js"))) return true;
  return newestMtime(INPUTS) > statSync(STAMP).mtimeMs;
}

export async function buildIfStale() {
  if (!buildIsStale()) return;
  console.info("• Building the storefront and server…");
  const started = Date.now();
  await mustRun("npm", ["run", "build", "--silent"]);
  mkdirSync(join(root, "build"), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
  console.info(`• Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildIfStale();

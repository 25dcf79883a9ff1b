// Installs dependencies when node_modules is missing or older than the lockfile, so a fresh clone's
// `npm start` / `npm test` work with nothing else typed.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mustRun, root } from "./lib/run.mjs";

export async function ensureDeps() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.info("• Installing dependencies…");
  const started = Date.now();
  // `npm install` with the committed lockfile installs exactly what it pins. Not `npm ci`: our lockfile
  // carries no registry URLs (omit-lockfile-registry-resolved), and npm 11's `ci` then rejects it for the
  // optional per-platform packages it never recorded (Biome's binaries for other systems).
  await mustRun("npm", ["install", "--no-audit", "--no-fund"]);
  console.info(`• Dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await ensureDeps();
